import { notificationKeys } from '@moba/contracts';
import {
  createNotifications,
  type CreateNotificationsContext,
  type NotificationDraft,
} from '../create-notification/create-notification';
import { meetingOnFirstDay, vacancyParams } from '../vacancy-replica';

export interface ApplicationAcceptedFacts {
  applicationId: string;
  vacancyId: string;
  estateId: string;
  workerId: string | null;
  guest: boolean;
  freePositions?: number;
  totalPositions?: number;
  /** A crew application: who of the members the leader picked was accepted and who was not. */
  crew?: { accepted: { name: string }[]; notAccepted: { name: string }[] };
}

/** Names in one line; a dash when nobody (so the text never ends on an empty list). */
const names = (members: { name: string }[]) =>
  members.length ? members.map((member) => member.name).join(', ') : '—';

/** The leader of a crew hears who was accepted and who was not. */
const crewParams = (crew: NonNullable<ApplicationAcceptedFacts['crew']>) => ({
  accepted: names(crew.accepted),
  acceptedCount: crew.accepted.length,
  notAccepted: names(crew.notAccepted),
  notAcceptedCount: crew.notAccepted.length,
});

/**
 * An accepted application tells the worker (not a guest: they have no account) and the estate, and
 * records the worker in the vacancy replica so a later deletion or finish reaches them.
 */
export async function notifyApplicationAccepted(
  ctx: CreateNotificationsContext,
  eventId: string,
  facts: ApplicationAcceptedFacts,
) {
  const { store } = ctx;
  await store.vacancies.updateOne(
    { _id: facts.vacancyId },
    {
      $set: { estateId: facts.estateId },
      ...(facts.workerId ? { $addToSet: { acceptedWorkerIds: facts.workerId } } : {}),
    },
    { upsert: true },
  );
  const params = { ...(await vacancyParams(ctx, facts.vacancyId)), applicationId: facts.applicationId };
  // Only the accepted person's own notification carries the meeting details; the estate's never does.
  const meeting = meetingOnFirstDay(await store.vacancies.findOne({ _id: facts.vacancyId }));
  const workerParams = meeting
    ? {
        ...params,
        meetingPoint: meeting.point,
        meetingTime: meeting.time,
        contactName: meeting.contactName,
        contactPhone: meeting.contactPhone,
      }
    : params;
  const drafts: NotificationDraft[] = [];
  if (facts.workerId)
    drafts.push(
      facts.crew
        ? {
            userId: facts.workerId,
            key: meeting ? notificationKeys.crewAcceptedMeeting : notificationKeys.crewAccepted,
            params: { ...workerParams, ...crewParams(facts.crew) },
          }
        : {
            userId: facts.workerId,
            key: meeting ? notificationKeys.applicationAcceptedMeeting : notificationKeys.applicationAccepted,
            params: workerParams,
          },
    );
  drafts.push({
    userId: facts.estateId,
    key: notificationKeys.workerAccepted,
    params: {
      ...params,
      guest: facts.guest,
      ...(facts.freePositions === undefined ? {} : { freePositions: facts.freePositions }),
      ...(facts.totalPositions === undefined ? {} : { totalPositions: facts.totalPositions }),
    },
  });
  return createNotifications(ctx, drafts, eventId);
}

/** The worker's notice of a rejection, from the event's fields and the moba's title where known. */
export function rejectionNotice(facts: {
  applicationId: string;
  vacancyId: string;
  workerId: string;
  vacancyTitle?: string;
}): NotificationDraft {
  return {
    userId: facts.workerId,
    key: notificationKeys.applicationRejected,
    params: {
      vacancyId: facts.vacancyId,
      ...(facts.vacancyTitle ? { vacancyTitle: facts.vacancyTitle } : {}),
      applicationId: facts.applicationId,
    },
  };
}

/**
 * Applications the vacancy could no longer take (it closed or finished before their replica knew)
 * tell each worker why. A deleted vacancy says so with its own notification (vacancyDeleted).
 */
export async function notifyApplicationsClosed(
  ctx: CreateNotificationsContext,
  eventId: string,
  facts: {
    vacancyId: string;
    reason?: 'VacancyNotOpen' | 'VacancyFinished' | 'VacancyDeleted';
    workerIds: string[];
  },
) {
  if (!facts.reason || facts.reason === 'VacancyDeleted' || facts.workerIds.length === 0) return;
  const params = { ...(await vacancyParams(ctx, facts.vacancyId)), reason: facts.reason };
  return createNotifications(
    ctx,
    facts.workerIds.map((userId) => ({ userId, key: notificationKeys.applicationClosed, params })),
    eventId,
  );
}
