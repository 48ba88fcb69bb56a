import { useTranslation } from 'react-i18next';
import type { VacancyItem } from '@moba/contracts';
import { formatRsd } from '../../../lib/format';
import { Icon } from '../../../components/Icon';
import { usePlaceName, useWorkNames } from '../../../lib/names';

/** "≈ 23 km" from the place the worker measures from (great-circle, seat to seat). */
export function DistanceFact({ vacancy, from }: { vacancy: VacancyItem; from: string }) {
  const { t } = useTranslation('find');
  const placeName = usePlaceName();
  if (vacancy.distanceKm === undefined) return null;
  return (
    <p
      className="distance-fact"
      data-testid="distance"
      title={t('distance.title', { from: placeName(from), to: placeName(vacancy.municipality) })}
    >
      <Icon name="place" /> <span className="sr-only">{t('distance.label')}: </span>
      <strong>{t('distance.value', { km: vacancy.distanceKm })}</strong>
    </p>
  );
}

/**
 * Beside a daily wage: whether it reaches the legal minimum for its hours, and the median of the
 * same crop on Moba (of the district when it has 5 mobas) — the median only from 5 mobas up.
 */
export function FairPayFacts({ vacancy }: { vacancy: VacancyItem }) {
  const { t, i18n } = useTranslation('find');
  const placeName = usePlaceName();
  const { cropName } = useWorkNames();
  const fair = vacancy.fairPay;
  if (!fair) return null;
  const median = fair.median;
  return (
    <div className="fair-pay" data-testid="fair-pay">
      <p className={fair.meetsLegalMinimum ? 'fair-ok' : 'fair-low'} data-testid="legal-minimum">
        <Icon name={fair.meetsLegalMinimum ? 'check' : 'warning'} />{' '}
        {t(fair.meetsLegalMinimum ? 'fairPay.legalOk' : 'fairPay.legalLow', {
          amount: formatRsd(fair.legalMinimum, i18n.language),
          hours: vacancy.hoursPerDay,
        })}
      </p>
      {median && (
        <p className="muted" data-testid="median-wage">
          {t(median.district ? 'fairPay.medianDistrict' : 'fairPay.medianAll', {
            crop: cropName(median.crop),
            district: median.district ? placeName(median.district) : '',
            amount: formatRsd(median.dailyWage, i18n.language),
            mobas: t('fairPay.mobas', { count: median.mobas }),
          })}
        </p>
      )}
    </div>
  );
}
