import { useTranslation } from 'react-i18next';

export function Spinner() {
  const { t } = useTranslation('common');
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner-dot" aria-hidden="true" />
      {t('loading')}
    </div>
  );
}
