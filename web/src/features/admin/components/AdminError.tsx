import { useTranslation } from 'react-i18next';
import { adminErrorText, type AdminAction } from '../errors';

/** A failed admin call, in the reader's language: the action's text and the reason when known. */
export function AdminError({
  action,
  error,
  onRetry,
}: {
  action: AdminAction;
  error: unknown;
  onRetry?: () => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  if (!error) return null;
  const { key, reasonKey } = adminErrorText(action, error);
  return (
    <div className="alert error" role="alert" data-testid={`admin-error-${action}`}>
      <p className="admin-error-title">{t(key)}</p>
      {reasonKey && <p className="small">{t(reasonKey)}</p>}
      {onRetry && (
        <button type="button" className="secondary small" onClick={onRetry}>
          {t('common:actions.retry')}
        </button>
      )}
    </div>
  );
}
