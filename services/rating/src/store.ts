import { z } from 'zod';
import {
  RATING_COMMENT_MAX,
  RATING_GRADE_MAX,
  RATING_GRADE_MIN,
  type EstatePromises,
  type Offers,
  type WorkerPromises,
} from '@moba/contracts';
import { parsedCollection, type BaseDoc, type DocumentStore, type WithOutbox } from '@moba/platform';

/** Replica of a user (auth.v1): just what ratings show. */
export interface UserDoc extends BaseDoc {
  role: string;
  fullName: string;
  estateName?: string;
  /** occurredAt of the newest event applied; older redeliveries are ignored. */
  updatedAt: string;
}

/** Replica of a vacancy (vacancy.v1). */
export interface VacancyDoc extends BaseDoc {
  estateId: string;
  estateName?: string;
  title: string;
  status: string;
  endDate?: string;
  /** What the moba offered (from VacancyCreated; absent for vacancies from before the checklist). */
  offers?: Offers;
  deleted: boolean;
  /** occurredAt of the newest status change applied. */
  statusAt?: string;
}

/** An accepted registered worker of a vacancy (application.v1 ApplicationAccepted, guest false). _id = vacancyId:workerId. */
export interface ParticipantDoc extends BaseDoc {
  vacancyId: string;
  workerId: string;
  applicationId: string;
  acceptedAt: string;
  /** How many of the application's people came (the estate's marks), and the event time applied. */
  attendance?: { heads: number; came: number };
  attendanceAt?: string;
  /** The whole place was given back (issue #31, PlacesReleased): no longer rates nor is rated. */
  released?: boolean;
}

/**
 * One rating. `state` is 'pending' only while a bulk call is writing its items (not counted, not
 * shown); `summarized` turns true together with the RatingSubmitted event in the outbox.
 */
export interface RatingDoc extends BaseDoc, WithOutbox {
  vacancyId: string;
  vacancyTitle: string;
  raterId: string;
  raterRole: 'Worker' | 'Estate';
  raterName: string;
  ratedUserId: string;
  ratedRole: 'Worker' | 'Estate';
  grade: number;
  comment?: string;
  /** The promise checklist (estate rated: the moba's promises; worker rated: came, stayed). */
  promises?: EstatePromises | WorkerPromises;
  createdAt: string;
  state: 'pending' | 'committed';
  batchId?: string;
  /** An estate's rating of a worker names how many of their people came (a crew rated through its leader). */
  attendance?: { heads: number; came: number };
  summarized: boolean;
  average?: number;
  count?: number;
}

/**
 * Attendance of a worker in a moba (application.v1 WorkerAttendanceRecorded, from crews).
 * _id = vacancyId:workerId; the latest `recordedAt` wins.
 */
export interface AttendanceDoc extends BaseDoc {
  vacancyId: string;
  workerId: string;
  came: boolean;
  stayed: boolean;
  recordedAt: string;
}

/** Read model: per rated user, the sum and count of committed ratings (both only grow: updated with $max). */
export interface SummaryDoc extends BaseDoc {
  role: 'Worker' | 'Estate';
  sum: number;
  count: number;
}

/**
 * Ratings and summaries flow out to responses: what comes back from the store is checked against
 * the shape it was written in (STYLE habit 4), so a changed or damaged document fails loudly.
 */
const role = z.enum(['Worker', 'Estate']);
const docSchemas = {
  ratings: z.looseObject({
    _id: z.string(),
    vacancyId: z.string(),
    vacancyTitle: z.string(),
    raterId: z.string(),
    raterRole: role,
    raterName: z.string(),
    ratedUserId: z.string(),
    ratedRole: role,
    grade: z.number().int().min(RATING_GRADE_MIN).max(RATING_GRADE_MAX),
    comment: z.string().max(RATING_COMMENT_MAX).optional(),
    createdAt: z.string(),
    state: z.enum(['pending', 'committed']),
    summarized: z.boolean(),
  }),
  summaries: z.looseObject({ _id: z.string(), role, sum: z.number().min(0), count: z.number().int().min(0) }),
};

/** The collections of the rating service and their indexes. */
export async function openRatingStore(store: DocumentStore) {
  return {
    users: await store.collection<UserDoc>('users'),
    // The replicas are built by several partial upserts (events in any order): not parsed.
    vacancies: await store.collection<VacancyDoc>('vacancies', { indexes: [{ fields: ['estateId'] }] }),
    participants: await store.collection<ParticipantDoc>('participants', {
      indexes: [{ fields: ['vacancyId'] }, { fields: ['workerId'] }],
    }),
    ratings: parsedCollection(
      await store.collection<RatingDoc>('ratings', {
        indexes: [
          { fields: ['vacancyId', 'raterId', 'ratedUserId'], unique: true },
          { fields: ['ratedUserId'] },
          { fields: ['vacancyId'] },
        ],
      }),
      docSchemas.ratings,
    ),
    summaries: parsedCollection(await store.collection<SummaryDoc>('summaries'), docSchemas.summaries),
    attendance: await store.collection<AttendanceDoc>('attendance', {
      indexes: [{ fields: ['workerId'] }, { fields: ['vacancyId'] }],
    }),
  };
}
export type RatingStore = Awaited<ReturnType<typeof openRatingStore>>;
