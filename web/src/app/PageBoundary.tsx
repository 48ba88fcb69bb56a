import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a page shows when its code could not be loaded (offline, and this phone never kept it) or it
 * failed: the reason in words and a retry, never a blank screen. Retry loads the address again: a
 * lazy page that failed once keeps failing until the app is loaded anew.
 */
function PageUnavailable() {
  const { t } = useTranslation('common');
  return (
    <div className="page" data-testid="page-unavailable">
      <p className="alert error" role="alert">
        {t('errors.network')}
      </p>
      <button type="button" className="primary" onClick={() => location.reload()}>
        {t('actions.retry')}
      </button>
    </div>
  );
}

interface Props {
  /** The address shown: another one tries its page afresh. */
  at?: string;
  children: ReactNode;
}

/** Around the pages: a page that cannot be shown says so; the layout around it stays. */
export class PageBoundary extends Component<Props, { failed: boolean; at?: string }> {
  state = { failed: false, at: this.props.at };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: Props, state: { at?: string }) {
    return props.at === state.at ? null : { failed: false, at: props.at };
  }
  render() {
    return this.state.failed ? <PageUnavailable /> : this.props.children;
  }
}
