import { useTranslation } from 'react-i18next';
import type { VacancyStatus } from '@moba/contracts';
import { formatDate } from '../../../lib/format';
import { localToday, vacancyPhase } from '../../../lib/vacancy-phase';

/** The moba's state in words: open, waiting for payment, full and starting on a day, under way, finished. */
export function VacancyPhaseChip({
  vacancy,
}: {
  vacancy: { status: VacancyStatus; startDate: string; freePositions: number };
}) {
  const { t, i18n } = useTranslation('my-mobas');
  const phase = vacancyPhase(vacancy, localToday());
  return (
    <span className="status-chip" data-testid="vacancy-status" data-phase={phase}>
      {t(`vacancyStatus.${phase}`, { date: formatDate(vacancy.startDate, i18n.language) })}
    </span>
  );
}
