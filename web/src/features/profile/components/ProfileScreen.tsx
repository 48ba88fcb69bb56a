import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/States';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

/** A profile page: its title, then the signed-in user's profile once it has loaded. */
export function ProfileScreen<Profile>({
  query,
  children,
}: {
  query: { data?: Profile; isLoading: boolean; error?: unknown; refetch: () => unknown };
  children: (profile: Profile) => ReactNode;
}) {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('title'));
  const { data, isLoading, error, refetch } = query;
  return (
    <section className="page narrow">
      <h1>{t('title')}</h1>
      <QueryState
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        errorKey="profile:loadError"
        isEmpty={false}
        empty={null}
      >
        {data && children(data)}
      </QueryState>
    </section>
  );
}

/** The form of a profile's own fields, with the outcome of the last save and the save button. */
export function ProfileForm({
  label,
  onSubmit,
  saving,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent) => Promise<unknown>;
  saving: { isLoading: boolean; error?: unknown; isSuccess: boolean };
  children: ReactNode;
}) {
  const { t } = useTranslation('profile');
  const errorText = useFeatureErrorText('profile');
  return (
    <form className="form card" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={label}>
      {children}
      {saving.error ? (
        <p className="alert error" role="alert">
          {errorText(saving.error, 'profile:updateError')}
        </p>
      ) : null}
      {saving.isSuccess && (
        <p className="alert success" role="status" data-testid="profile-saved">
          {t('saved')}
        </p>
      )}
      <button type="submit" className="primary block" disabled={saving.isLoading}>
        {t('save')}
      </button>
    </form>
  );
}
