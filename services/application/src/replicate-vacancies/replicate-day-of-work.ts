import type { z } from 'zod';
import type { EventEnvelope, VacancyDayOfWorkSet } from '@moba/contracts';
import type { AppContext } from '../context';

type DayOfWorkSetData = z.infer<typeof VacancyDayOfWorkSet.data>;

/**
 * The vacancy service's meeting details and confirmation settings, kept on the vacancy replica. The
 * latest by `setAt` wins, so a redelivered or late older value changes nothing. An unknown vacancy
 * (its VacancyCreated not here yet) throws, so the event is retried rather than lost.
 */
export async function replicateDayOfWork(ctx: AppContext, event: EventEnvelope<DayOfWorkSetData>) {
  const { vacancyId, meeting, confirmation, setAt } = event.data;
  const matched = await ctx.store.vacancies.updateOne(
    {
      _id: vacancyId,
      $or: [{ 'dayOfWork.setAt': { $exists: false } }, { 'dayOfWork.setAt': { $lt: setAt } }],
    },
    { $set: { dayOfWork: { meeting, confirmation, setAt } } },
  );
  if (matched > 0 || (await ctx.store.vacancies.findOne({ _id: vacancyId }))) return;
  throw new Error(`day of work of unknown vacancy ${vacancyId}; event ${event.id} will be retried`);
}
