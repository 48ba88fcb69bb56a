import type { BroadcastTemplate } from '@moba/contracts';
import { AppError, applicationErrorCodes as codes } from './errors';
import { linkedWorkerOf, type StoredCrewMember } from './crew';

/** Pure rules of an estate's broadcast: which day it may name, who receives it. */

const notAWorkDay = (message: string) =>
  new AppError(codes.NOT_A_WORK_DAY, message, [{ field: 'day', code: codes.NOT_A_WORK_DAY, message }]);

/**
 * A broadcast for one day names a work day of the moba that has not passed; "no work" names a
 * future one (tomorrow or later: today's work has begun).
 */
export function checkBroadcastDay(facts: {
  template: BroadcastTemplate;
  day: string | null;
  workDays: readonly string[];
  today: string;
}): void {
  const { template, day, workDays, today } = facts;
  if (day === null) return;
  if (!workDays.includes(day)) throw notAWorkDay('the day is not a work day of this moba');
  if (template === 'no-work' ? day <= today : day < today)
    throw notAWorkDay(
      template === 'no-work' ? 'no work can be announced for a coming day only' : 'the day has passed',
    );
}

export interface AcceptedPlacement {
  _id: string;
  workerId: string | null;
  crew?: StoredCrewMember[];
  acceptedMemberIds?: string[];
}

export interface BroadcastRecipient {
  workerId: string;
  applicationId: string;
  name: string;
}

/**
 * Everyone accepted on the moba who can read a message in the app: the applicant (a solo worker, a
 * crew's leader) and each accepted named member linked to a registered worker who joined the crew.
 * A guest has no account (the admin who placed them calls). Each worker once. A day narrows it to
 * the placements that cover the day: an accepted place covers every work day of the moba, so for a
 * work day (checked before) that is everyone accepted.
 */
export function recipientsOf(
  accepted: readonly AcceptedPlacement[],
  nameOf: (workerId: string) => string | undefined,
): BroadcastRecipient[] {
  const seen = new Set<string>();
  const recipients: BroadcastRecipient[] = [];
  const add = (workerId: string | null, applicationId: string, name: string | undefined) => {
    if (!workerId || seen.has(workerId)) return;
    seen.add(workerId);
    recipients.push({ workerId, applicationId, name: name ?? '' });
  };
  for (const application of accepted) {
    add(
      application.workerId,
      application._id,
      application.workerId ? nameOf(application.workerId) : undefined,
    );
    const acceptedIds = application.acceptedMemberIds ? new Set(application.acceptedMemberIds) : undefined;
    for (const member of application.crew ?? []) {
      if (acceptedIds && !acceptedIds.has(member.id)) continue;
      const workerId = linkedWorkerOf(member);
      add(workerId, application._id, workerId ? (nameOf(workerId) ?? member.name) : undefined);
    }
  }
  return recipients;
}

/** What makes two requests with one broadcastId the same message. */
export const broadcastFingerprint = (input: {
  vacancyId: string;
  day: string | null;
  template: string;
  value?: string;
  text?: string;
}) => JSON.stringify([input.vacancyId, input.day, input.template, input.value ?? null, input.text ?? null]);
