import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DONATION_TIERS_RSD } from '@moba/contracts/limits';
import { formatRsd } from '../../../lib/format';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { Icon } from '../../../components/Icon';

// The form brings the store, the API and its own texts: loaded on its own, so the home page's start
// stays small. At build time the pre-render waits for it, so the static HTML already has the form;
// in the browser it hydrates on top when its chunk arrives.
const DonationForm = lazy(() => import('../../donations').then((m) => ({ default: m.DonationForm })));

/** Static tiers for the moment before the form arrives (never shown when the form is pre-rendered). */
function TiersFallback() {
  const { t, i18n } = useTranslation('public');
  return (
    <section>
      <h2>{t('crowdfunding.tiersTitle')}</h2>
      <ul className="plain stack">
        {DONATION_TIERS_RSD.map((tier, i) => (
          <li key={tier.id} className="tile with-icon">
            <Icon name="heart" />{' '}
            {t(`crowdfunding.tier${i + 1}`, {
              min: formatRsd(tier.min, i18n.language),
              max: tier.max === null ? '' : formatRsd(tier.max, i18n.language),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /crowdfunding: why to donate, the tiers, and the donation form (IPS QR, payment slip, card). */
export default function CrowdfundingPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('crowdfunding.title'));
  return (
    <article className="page prose">
      <h1>{t('crowdfunding.title')}</h1>
      <p className="lead">{t('crowdfunding.lead')}</p>
      <Suspense fallback={<TiersFallback />}>
        <DonationForm />
      </Suspense>
      <section className="section">
        <h2>{t('crowdfunding.methodsTitle')}</h2>
        <p>{t('crowdfunding.methods')}</p>
      </section>
    </article>
  );
}
