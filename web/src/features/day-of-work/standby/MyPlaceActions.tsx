import type { MyVacancy } from '@moba/contracts';
import { CancelPlace } from './CancelPlace';
import { TakePlace } from './TakePlace';

/**
 * What the worker can do with their place on a My mobas card: cancel an accepted one (not once the
 * moba is finished), take a freed place offered to a pending one.
 */
export function MyPlaceActions({ vacancy, finished }: { vacancy: MyVacancy; finished: boolean }) {
  const { application } = vacancy;
  if (finished) return null;
  if (application.status === 'Accepted')
    return (
      <CancelPlace
        applicationId={application.id}
        moba={{ title: vacancy.title, startDate: vacancy.startDate, endDate: vacancy.endDate }}
      />
    );
  if (application.status === 'Pending' && application.standbyOffer)
    return <TakePlace applicationId={application.id} />;
  return null;
}
