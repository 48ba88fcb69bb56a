import { idParamsSchema, topics, vacancyErrorCodes, VacancyDeleted } from '@moba/contracts';
import { conflict, notFound, parseInput, pushEvents, type AuthUser } from '@moba/platform';
import type { VacancyContext } from '../context';

/**
 * An estate deletes its own vacancy (soft delete: the record stays for the promo rule and the outbox).
 * Someone else's vacancy answers 404 like a missing one, so ids cannot be probed. VacancyDeleted tells
 * the application service to close applications and the notification service to inform accepted workers.
 */
export async function deleteVacancy(ctx: VacancyContext, user: AuthUser, params: unknown): Promise<void> {
  const { id } = parseInput(idParamsSchema, params);
  const doc = await ctx.store.vacancies.findOne({ _id: id, deletedAt: { $exists: false } });
  if (!doc || doc.estateId !== user.id) throw notFound('vacancy');
  if (doc.status === 'Finished')
    throw conflict(vacancyErrorCodes.FINISHED, 'a finished vacancy cannot be deleted');
  const now = ctx.clock.now();
  const event = VacancyDeleted.create(
    id,
    { vacancyId: id, estateId: doc.estateId, title: doc.title, deletedAt: now.toISOString() },
    { occurredAt: now },
  );
  const matched = await ctx.store.vacancies.updateOne(
    { _id: id, estateId: user.id, deletedAt: { $exists: false } },
    pushEvents({ $set: { deletedAt: now.toISOString() } }, [{ topic: topics.vacancy, event }]),
  );
  if (matched === 0) throw notFound('vacancy');
  ctx.relay.kick();
  await ctx.readModel.refresh(id);
  ctx.logger.info({ vacancyId: id, estateId: user.id }, 'vacancy deleted');
}
