import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';

/** The estate's My mobas card: the way to the moba's day board. */
export function DayBoardLink({ vacancyId }: { vacancyId: string }) {
  const { t } = useTranslation('day-of-work');
  return (
    <Link className="button" to={paths.estate.dayBoard(vacancyId)} data-testid="day-board-link">
      {t('confirm.board.link')}
    </Link>
  );
}
