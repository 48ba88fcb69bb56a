import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';

/** The estate's way from a moba's card to its meeting details and confirmation settings. */
export function DayOfWorkLink({ vacancyId }: { vacancyId: string }) {
  const { t } = useTranslation('day-of-work');
  return (
    <Link className="button" to={paths.estate.dayOfWork(vacancyId)} data-testid="day-of-work-link">
      {t('meeting.link')}
    </Link>
  );
}
