import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

const sections = ['collect', 'why', 'who', 'keep', 'rights', 'contact'] as const;

export default function PrivacyPolicyPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('privacy.title'));
  return (
    <article className="page prose">
      <h1>{t('privacy.title')}</h1>
      <p className="muted">{t('privacy.updated')}</p>
      <p>{t('privacy.intro')}</p>
      {sections.map((s) => (
        <section key={s}>
          <h2>{t(`privacy.${s}Title`)}</h2>
          <p>{t(`privacy.${s}`)}</p>
        </section>
      ))}
    </article>
  );
}
