import { DuplicateKeyError } from '@moba/platform';
import type { RatingStore } from '../store';

/** How many of an accepted application's people came (application.v1 AttendanceMarked), for its applicant's rating. */
export interface AttendanceFacts {
  applicationId: string;
  vacancyId: string;
  workerId: string | null;
  heads: number;
  came: number;
}

/**
 * Keeps the latest attendance of a participant (the applicant: a solo worker or a crew's leader).
 * An older event than the one applied is ignored, so a late redelivery cannot undo a newer mark.
 * Guests have no account: nobody to rate.
 */
export async function recordAttendanceCount(store: RatingStore, facts: AttendanceFacts, occurredAt: string) {
  if (!facts.workerId) return;
  const _id = `${facts.vacancyId}:${facts.workerId}`;
  try {
    await store.participants.updateOne(
      { _id, $or: [{ attendanceAt: { $lte: occurredAt } }, { attendanceAt: { $exists: false } }] },
      {
        $set: {
          vacancyId: facts.vacancyId,
          workerId: facts.workerId,
          applicationId: facts.applicationId,
          attendance: { heads: facts.heads, came: facts.came },
          attendanceAt: occurredAt,
        },
      },
      { upsert: true },
    );
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error; // a newer mark is already there
  }
}
