import {
  addMeetingDayIssues,
  defaultConfirmationSettings,
  idParamsSchema,
  setDayOfWorkSchema,
  vacancyErrorCodes,
  type DayOfWorkState,
} from '@moba/contracts';
import { conflict, notFound, parseInput, pushEvents, type AuthUser } from '@moba/platform';
import { todayOf, type VacancyContext } from '../context';
import type { StoredDayOfWork, VacancyDoc } from '../domain/vacancy';
import { dayOfWorkSetEvent } from '../day-of-work';

/**
 * Meeting details and confirmation settings (issue #31, point 2). The vacancy keeps them as the estate
 * typed them and tells the other services with VacancyDayOfWorkSet (the whole value, ordered by setAt)
 * in the same write. They are private: toItem never copies them into a list or public answer.
 */

/** The PUT body, with its meeting days checked against the moba's dates (meetingDayProblems). */
const putBodySchema = (vacancy: Pick<VacancyDoc, 'startDate' | 'endDate'>) =>
  setDayOfWorkSchema.superRefine((value, ctx) =>
    addMeetingDayIssues(ctx, [], value.meeting ?? undefined, vacancy.startDate, vacancy.endDate),
  );

/**
 * The estate (its own moba) or an admin sets or changes the day of work, any time before the moba
 * ends. Another estate's moba answers 404 like a missing one (ids cannot be probed).
 */
export async function setDayOfWork(
  ctx: VacancyContext,
  user: AuthUser,
  params: unknown,
  body: unknown,
): Promise<DayOfWorkState> {
  const { id } = parseInput(idParamsSchema, params);
  // The shape first, so a malformed body is refused the same for every id.
  parseInput(setDayOfWorkSchema, body);
  const doc = await ctx.store.vacancies.findOne({ _id: id, deletedAt: { $exists: false } });
  if (!doc || (user.role !== 'Admin' && doc.estateId !== user.id)) throw notFound('vacancy');
  if (doc.status === 'Finished' || todayOf(ctx) > doc.endDate)
    throw conflict(vacancyErrorCodes.FINISHED, 'the moba has ended: its day of work cannot change');
  const input = parseInput(putBodySchema(doc), body);

  const now = ctx.clock.now();
  const current = doc.dayOfWork;
  const dayOfWork: StoredDayOfWork = {
    meeting: input.meeting === undefined ? (current?.meeting ?? null) : input.meeting,
    confirmation: input.confirmation ?? current?.confirmation ?? defaultConfirmationSettings,
    // Strictly after the last value, so consumers keeping the latest never drop a change made in the same millisecond.
    setAt: laterThan(current?.setAt, now).toISOString(),
  };
  const matched = await ctx.store.vacancies.updateOne(
    { _id: id, estateId: doc.estateId, deletedAt: { $exists: false } },
    pushEvents({ $set: { dayOfWork } }, [dayOfWorkSetEvent(doc, dayOfWork, now)]),
  );
  if (matched === 0) throw notFound('vacancy');
  ctx.relay.kick();
  ctx.logger.info({ vacancyId: id, by: user.id, meeting: dayOfWork.meeting !== null }, 'day of work set');
  return { vacancyId: id, ...dayOfWork };
}

const laterThan = (previous: string | undefined, now: Date) =>
  previous && Date.parse(previous) >= now.getTime() ? new Date(Date.parse(previous) + 1) : now;
