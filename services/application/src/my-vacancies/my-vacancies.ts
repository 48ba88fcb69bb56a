import type { MyVacancy } from '@moba/contracts';
import type { AppContext } from '../context';
import type { ApplicationDoc, VacancyDoc } from '../store';
import { byId, crewMembersView, vacancyView } from '../views';
import { standbyOffersOf } from '../release-places/offer-standby';
import { latestConfirmations } from '../latest-confirmations';

/**
 * A worker's own vacancies, by the vacancy's status in the replica: active = applied (pending or
 * accepted) to a vacancy that is not finished; finished = accepted to a vacancy that finished.
 * Deleted vacancies show in neither.
 */
export async function myVacancies(
  ctx: AppContext,
  workerId: string,
  which: 'active' | 'finished',
): Promise<MyVacancy[]> {
  const statuses = which === 'active' ? ['Pending', 'Accepted'] : ['Accepted'];
  const mine = await ctx.store.applications.find(
    { workerId, guest: false, status: { $in: statuses } },
    { sort: { submittedAt: -1 } },
  );
  const vacancies = await byId(
    ctx.store.vacancies,
    mine.map((a) => a.vacancyId),
  );
  const confirmations = which === 'active' ? await latestConfirmations(ctx, mine) : new Map();
  const wanted = (v: VacancyDoc) =>
    !v.deleted && (which === 'finished' ? v.status === 'Finished' : v.status !== 'Finished');
  const offers = await standbyOffersOf(ctx, mine);
  return mine.flatMap((a: ApplicationDoc) => {
    const vacancy = vacancies.get(a.vacancyId);
    if (!vacancy || !wanted(vacancy)) return [];
    const standbyOffer = offers.get(a._id);
    return [
      {
        ...vacancyView(vacancy),
        ...(confirmations.has(a._id) ? { confirmation: confirmations.get(a._id) } : {}),
        application: {
          id: a._id,
          status: a.status,
          positions: a.positions,
          peopleCount: a.peopleCount,
          submittedAt: a.submittedAt,
          ...(a.crew ? { crew: crewMembersView(a) } : {}),
          ...(standbyOffer ? { standbyOffer } : {}),
        },
      },
    ];
  });
}
