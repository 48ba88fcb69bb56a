import {
  ApplicationSubmitted,
  applicationsClosedByDate,
  calendarDay,
  topics,
  type ApplyRequest,
} from '@moba/contracts';
import { DuplicateKeyError, withEvents } from '@moba/platform';
import type { AppContext } from '../context';
import { workerApplicationKey, type ApplicationDoc, type VacancyDoc } from '../store';
import { checkGroup, positionsFor } from '../domain/positions';
import { errors } from '../domain/errors';
import { closeApplications } from '../close-applications/close-applications';
import { checkCrewPick, withConsentedLink } from '../domain/crew';
import { answersOf } from '../crew-answers';

/**
 * A worker applies to an Open vacancy, once (a unique index on worker + vacancy decides races).
 * A group leader brings up to their profile's number of people and takes that many positions plus one.
 */
export async function applyToVacancy(ctx: AppContext, workerId: string, input: ApplyRequest) {
  const { vacancies, workers, applications } = ctx.store;
  const vacancy = await vacancies.findOne({ _id: input.vacancyId });
  if (!vacancy || vacancy.deleted) throw errors.vacancyNotFound();
  const uniqueKey = workerApplicationKey(workerId, vacancy._id);
  if (await applications.findOne({ uniqueKey })) throw errors.alreadyApplied();
  // The replica's status may lag the vacancy service; the date rule is checked here on our own clock.
  const today = calendarDay(ctx.clock.now());
  if (vacancy.held) throw errors.vacancyHeld();
  if (vacancy.status !== 'Open' || applicationsClosedByDate(vacancy.startDate, today))
    throw errors.vacancyNotOpen();

  const crew = input.memberIds ? await pickedCrew(ctx, workerId, vacancy, input.memberIds) : undefined;
  const peopleCount = crew ? crew.length : (input.peopleCount ?? 0);
  if (!crew) {
    const worker = peopleCount > 0 ? await workers.findOne({ _id: workerId }) : null;
    checkGroup({ peopleCount, worker, vacancy });
  }
  const positions = positionsFor(peopleCount);
  if (positions > vacancy.freePositions) throw errors.noFreePositions();

  const submittedAt = ctx.clock.now().toISOString();
  const application: ApplicationDoc = {
    _id: crypto.randomUUID(),
    uniqueKey,
    vacancyId: vacancy._id,
    workerId,
    guestApplicationId: null,
    guest: false,
    peopleCount,
    positions,
    status: 'Pending',
    note: null,
    submittedAt,
    decidedAt: null,
    ...(crew ? { crew } : {}),
  };
  const event = ApplicationSubmitted.create(application._id, {
    applicationId: application._id,
    vacancyId: vacancy._id,
    workerId,
    positions,
    peopleCount,
    ...(crew ? { memberIds: crew.map((member) => member.id) } : {}),
    submittedAt,
  });
  try {
    await applications.insertOne(withEvents(application, [{ topic: topics.application, event }]));
  } catch (error) {
    if (error instanceof DuplicateKeyError) throw errors.alreadyApplied();
    throw error;
  }
  ctx.relay.kick(applications);
  // The vacancy may have closed, finished or been deleted while this request ran, after its
  // applications were swept: close this one too, so nothing stays pending on a vacancy that ended.
  const now = await vacancies.findOne({ _id: vacancy._id });
  if (now && (now.deleted || now.status !== 'Open')) {
    await closeApplications(ctx, vacancy._id, `late-${application._id}`, {
      reason: now.deleted
        ? 'VacancyDeleted'
        : now.status === 'Finished'
          ? 'VacancyFinished'
          : 'VacancyNotOpen',
      submittedSince: submittedAt,
    });
    throw now.deleted ? errors.vacancyNotFound() : errors.vacancyNotOpen();
  }
  return { id: application._id, status: application.status, positions };
}

/** The members of the leader's crew they picked, in the crew's order (checked: a leader, a vacancy for groups, their own members). */
async function pickedCrew(ctx: AppContext, workerId: string, vacancy: VacancyDoc, memberIds: string[]) {
  const [worker, saved, answers] = await Promise.all([
    ctx.store.workers.findOne({ _id: workerId }),
    ctx.store.crews.findOne({ _id: workerId }),
    answersOf(ctx, workerId),
  ]);
  const crew = saved?.members ?? [];
  checkCrewPick({ worker, vacancy, crew, memberIds });
  const picked = new Set(memberIds);
  return crew.filter((member) => picked.has(member.id)).map((member) => withConsentedLink(member, answers));
}
