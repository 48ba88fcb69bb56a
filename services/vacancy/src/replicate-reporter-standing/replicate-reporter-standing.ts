import type { VacancyContext } from '../context';

/**
 * The small replica of each worker that the weight of a report is taken from (domain/report-weight.ts):
 * when the account was made, whether its e-mail is confirmed, where it applied and which mobas it was
 * accepted on. Each write is idempotent ($set of a fact, $addToSet of a place or a moba), so a
 * redelivered or reordered event changes nothing; the handler also remembers the event ids.
 */

/** UserRegistered (a worker): the account's age counts from here. */
export async function recordRegistration(ctx: VacancyContext, workerId: string, registeredAt: string) {
  await ctx.store.reporters.updateOne({ _id: workerId }, { $set: { registeredAt } }, { upsert: true });
}

/** EmailVerified. */
export async function recordEmailConfirmed(ctx: VacancyContext, userId: string) {
  await ctx.store.reporters.updateOne({ _id: userId }, { $set: { emailConfirmed: true } }, { upsert: true });
}

/** ApplicationSubmitted: the municipality of the moba applied to (a moba this service does not know is skipped). */
export async function recordApplication(ctx: VacancyContext, workerId: string, vacancyId: string) {
  const vacancy = await ctx.store.vacancies.findOne({ _id: vacancyId });
  if (!vacancy) return;
  await ctx.store.reporters.updateOne(
    { _id: workerId },
    { $addToSet: { appliedIn: vacancy.municipality } },
    { upsert: true },
  );
}

/** ApplicationAccepted: the worker (and the crew members accepted with a leader) worked on this moba. */
export async function recordAccepted(ctx: VacancyContext, workerIds: readonly string[], vacancyId: string) {
  for (const workerId of workerIds)
    await ctx.store.reporters.updateOne(
      { _id: workerId },
      { $addToSet: { acceptedOn: vacancyId } },
      { upsert: true },
    );
}
