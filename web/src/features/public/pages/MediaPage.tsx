import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

export default function MediaPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('mediaPage.title'));
  return (
    <article className="page prose">
      <h1>{t('mediaPage.title')}</h1>
      <p className="lead">{t('mediaPage.lead')}</p>
      <section>
        <h2>{t('mediaPage.newsTitle')}</h2>
        <ul className="plain stack">
          {(['1', '2'] as const).map((n) => (
            <li key={n} className="tile">
              <h3>{t(`media.item${n}Title`)}</h3>
              <p>{t(`media.item${n}Text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h2>{t('mediaPage.guidesTitle')}</h2>
        <ol>
          <li>{t('mediaPage.guide1')}</li>
          <li>{t('mediaPage.guide2')}</li>
          <li>{t('mediaPage.guide3')}</li>
        </ol>
      </section>
      <section>
        <h2>{t('mediaPage.pressTitle')}</h2>
        <p>{t('mediaPage.press')}</p>
      </section>
    </article>
  );
}
