import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { useApiErrorText } from '../../../lib/use-api-error';

/**
 * The three states every list screen has: loading, failed (with retry) and empty. Renders the
 * children only when there is data to show.
 */
export function QueryState({
  isLoading,
  error,
  isEmpty,
  empty,
  errorKey,
  onRetry,
  loading,
  children,
}: {
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  empty: ReactNode;
  /** Translation key of the screen's own error text (spec §8), e.g. 'my-mobas:errors.load'. */
  errorKey?: string;
  onRetry?: () => void;
  /** What stands in for the list while it loads (a spinner unless given). */
  loading?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const errorText = useApiErrorText();
  if (isLoading) return <>{loading ?? <Spinner />}</>;
  if (error) {
    return (
      <div className="alert error" role="alert" data-testid="load-error">
        <p>{errorText(error, errorKey)}</p>
        {onRetry && (
          <button type="button" onClick={onRetry}>
            {t('actions.retry')}
          </button>
        )}
      </div>
    );
  }
  if (isEmpty)
    return (
      <div className="notice" data-testid="empty">
        {empty}
      </div>
    );
  return <>{children}</>;
}
