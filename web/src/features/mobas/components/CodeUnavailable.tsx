import { useTranslation } from 'react-i18next';

/** Shown in place of a sheet's or dialog's code that could not be fetched (offline before it ever came). */
export function CodeUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="stack">
      <p className="alert error" role="alert">
        {t('errors.network')}
      </p>
      <button type="button" onClick={onRetry}>
        {t('actions.retry')}
      </button>
    </div>
  );
}
