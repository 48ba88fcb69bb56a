import { useTranslation } from 'react-i18next';
import type { PaymentType } from '@moba/contracts';
import { formatDate, formatRsd } from '../lib/format';
import { usePlaceName } from '../lib/names';
import { Icon, type IconName } from './Icon';

/** What a fact line needs from a vacancy; the worker list, my mobas and the estate lists all have it. */
export interface VacancyFactsData {
  municipality: string;
  startDate: string;
  endDate: string;
  paymentType?: PaymentType;
  dailyWage?: number;
  norm?: string;
  normPrice?: number;
  foodProvided?: boolean;
  transportProvided?: boolean;
  accommodationProvided?: boolean;
  freePositions: number;
  totalPositions: number;
  workStartTime?: string;
  workEndTime?: string;
}

function Fact({
  icon,
  label,
  value,
  testId,
}: {
  icon: IconName;
  label: string;
  value: string;
  testId?: string;
}) {
  return (
    <li className="fact" data-testid={testId}>
      <span className="fact-icon">
        <Icon name={icon} />
      </span>
      <span>
        <span className="fact-label">{label}: </span>
        <strong>{value}</strong>
      </span>
    </li>
  );
}

/**
 * Food, transport and accommodation on one line of a compact card, each an icon with its word and
 * a ✓ or ✗ (a missing one struck through and dimmed; screen readers hear "Hrana: da").
 */
function Amenities({ vacancy }: { vacancy: VacancyFactsData }) {
  const { t } = useTranslation('mobas');
  const items = (
    [
      ['food', 'food', vacancy.foodProvided],
      ['transport', 'transport', vacancy.transportProvided],
      ['bed', 'accommodation', vacancy.accommodationProvided],
    ] as const
  ).filter(([, , provided]) => provided !== undefined);
  if (items.length === 0) return null;
  return (
    <li className="fact amenities" data-testid="fact-amenities">
      {items.map(([icon, key, provided]) => (
        <span key={key} className={`amenity${provided ? '' : ' no'}`}>
          <span className="fact-icon">
            <Icon name={icon} />
          </span>
          <span>
            {t(`facts.${key}`)}
            <span className="sr-only">: {provided ? t('facts.yes') : t('facts.no')}</span>
            <strong aria-hidden="true">{provided ? '✓' : '✗'}</strong>
          </span>
        </span>
      ))}
    </li>
  );
}

/**
 * The key facts of a moba, each with an icon AND words (ARCHITECTURE §7: read in the field). Compact
 * (the cards of lists): two columns, the three amenities on one line, so two cards fit a phone screen.
 */
export function VacancyFacts({ vacancy, compact = false }: { vacancy: VacancyFactsData; compact?: boolean }) {
  const { t, i18n } = useTranslation('mobas');
  const lng = i18n.language;
  const placeName = usePlaceName();
  const yesNo = (v: boolean | undefined) => (v ? t('facts.yes') : t('facts.no'));
  const wage =
    vacancy.paymentType === 'DailyWage' && vacancy.dailyWage !== undefined
      ? t('facts.perDay', { amount: formatRsd(vacancy.dailyWage, i18n.language) })
      : vacancy.paymentType === 'Norm' && vacancy.normPrice !== undefined
        ? t('facts.perNorm', {
            amount: formatRsd(vacancy.normPrice, i18n.language),
            norm: vacancy.norm ?? '',
          })
        : t('facts.byAgreement');
  const dates =
    vacancy.startDate === vacancy.endDate
      ? formatDate(vacancy.startDate, lng)
      : `${formatDate(vacancy.startDate, lng)} – ${formatDate(vacancy.endDate, lng)}`;
  return (
    <ul className={`facts${compact ? ' compact' : ''}`}>
      {vacancy.paymentType && <Fact icon="wage" label={t('facts.wage')} value={wage} testId="fact-wage" />}
      <Fact icon="calendar" label={t('facts.dates')} value={dates} />
      <Fact icon="place" label={t('facts.place')} value={placeName(vacancy.municipality)} />
      {vacancy.workStartTime && vacancy.workEndTime && !compact && (
        <Fact
          icon="clock"
          label={t('facts.hours')}
          value={`${vacancy.workStartTime}–${vacancy.workEndTime}`}
        />
      )}
      {compact ? (
        <Amenities vacancy={vacancy} />
      ) : (
        <>
          {vacancy.foodProvided !== undefined && (
            <Fact icon="food" label={t('facts.food')} value={yesNo(vacancy.foodProvided)} />
          )}
          {vacancy.transportProvided !== undefined && (
            <Fact icon="transport" label={t('facts.transport')} value={yesNo(vacancy.transportProvided)} />
          )}
          {vacancy.accommodationProvided !== undefined && (
            <Fact icon="bed" label={t('facts.accommodation')} value={yesNo(vacancy.accommodationProvided)} />
          )}
        </>
      )}
      <Fact
        icon="people"
        label={t('facts.freePlaces')}
        value={t(compact ? 'facts.freeShort' : 'facts.freeOfTotal', {
          free: vacancy.freePositions,
          total: vacancy.totalPositions,
        })}
        testId="fact-free"
      />
    </ul>
  );
}
