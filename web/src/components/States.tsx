import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner';
import { apiErrorInfo } from '../lib/api';
import { useApiErrorText } from '../lib/use-api-error';

/** Only a lost connection, a busy server or a server fault can pass on a second try; a refusal cannot. */
export function retryCanHelp(error: unknown): boolean {
  const { status } = apiErrorInfo(error);
  return typeof status !== 'number' || status === 429 || status >= 500;
}

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
  describe,
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
  /** The screen's own wording of an error (e.g. its feature's codes); the shared one otherwise. */
  describe?: (error: unknown, fallbackKey?: string) => string | null;
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
        <p>{(describe ?? errorText)(error, errorKey)}</p>
        {onRetry && retryCanHelp(error) && (
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
