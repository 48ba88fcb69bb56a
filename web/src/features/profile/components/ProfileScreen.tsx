import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveFooter } from '../../../components/SaveFooter';
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
      <SaveFooter
        error={errorText(saving.error, 'profile:updateError')}
        saved={saving.isSuccess && t('saved')}
        savedTestId="profile-saved"
        busy={saving.isLoading}
        label={t('save')}
      />
    </form>
  );
}
