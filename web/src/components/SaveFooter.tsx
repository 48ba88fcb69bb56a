import { useTranslation } from 'react-i18next';
import { useFeatureErrorText } from '../lib/feature-error-text';

/**
 * The end of a settings form: what its last save came to, in the feature's own words (`ns`: a failure
 * worded by its codes or `errorKey`, success as `saved`), then its `save` button.
 */
export function SaveFooter({
  ns,
  saving,
  errorKey,
  savedTestId,
}: {
  ns: string;
  saving: { isLoading: boolean; error?: unknown; isSuccess: boolean };
  errorKey: string;
  savedTestId: string;
}) {
  const { t } = useTranslation(ns);
  const errorText = useFeatureErrorText(ns);
  return (
    <>
      {saving.error ? (
        <p className="alert error" role="alert">
          {errorText(saving.error, errorKey)}
        </p>
      ) : null}
      {saving.isSuccess && (
        <p className="alert success" role="status" data-testid={savedTestId}>
          {t('saved')}
        </p>
      )}
      <button type="submit" className="primary block" disabled={saving.isLoading}>
        {t('save')}
      </button>
    </>
  );
}
