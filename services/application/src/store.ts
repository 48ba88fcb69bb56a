import { z } from 'zod';
import {
  applicationStatusSchema,
  attendanceSchema,
  vacancyStatusSchema,
  type ApplicationStatus,
  type Attendance,
  type ConfirmationSettings,
  type MeetingDetails,
  type BroadcastMessage,
  type VacancyStatus,
} from '@moba/contracts';
import type { Cancellation } from '@moba/contracts';
import type { StatsCounter, VacancyState } from './domain/stats';
import type { StoredCrewMember } from './domain/crew';
import { openConfirmations } from './confirmation-doc';
import type { BroadcastRecipient } from './domain/broadcast';
import { parsedCollection, type DocumentStore, type LeaseMark, type WithOutbox } from '@moba/platform';

/** Replica of a worker from auth events (UserRegistered, ProfileUpdated). _id = userId. */
export interface WorkerDoc {
  _id: string;
  fullName: string;
  phone: string;
  municipality: string | null;
  groupLeader: boolean;
  groupSize: number;
  /** Months (1-12) the worker marked available; absent until an event carried them. */
  availabilityMonths?: number[];
  /** From the profile, when an auth event carried it (the roster's "Došao / Došla"). */
  gender?: 'male' | 'female' | 'other';
  /** The UserRegistered event that created this replica (a redelivery of it may still count in stats). */
  registeredEventId: string | null;
}

/** Replica of an estate from auth events. _id = userId. */
export interface EstateDoc {
  _id: string;
  estateName: string;
  fullName: string;
  phone: string;
  municipality: string | null;
  registeredEventId: string | null;
}

export type { VacancyState } from './domain/stats';

/**
 * Replica of a vacancy from vacancy events, plus the capacity this service alone writes.
 * `claims[applicationId] = positions` records every acceptance in the same document as the free count,
 * so a repeated acceptance never takes positions twice and free = total - sum(claims) (places/places.ts
 * is the only writer of both).
 * `transitions[eventId]` records the state before and after each vacancy event, so a redelivered
 * event yields the same stats delta.
 */
export interface VacancyDoc extends WithOutbox {
  _id: string;
  estateId: string;
  estateName: string;
  title: string;
  municipality: string;
  /** District (okrug) of a Serbian municipality; absent in replicas older than the field. */
  district?: string | null;
  /** Crop ids; absent in replicas older than the field. */
  crops?: string[];
  startDate: string;
  endDate: string;
  status: VacancyStatus;
  deleted: boolean;
  totalPositions: number;
  freePositions: number;
  groupLeadersAccepted: boolean;
  featured: boolean;
  createdAt: string;
  createdEventId: string;
  claims: Record<string, number>;
  /** When each claim was taken (claims older than the field have none). */
  claimedAt?: Record<string, string>;
  /** Held for an admin's review (VacancyReviewChanged held/hidden/rejected; approved lifts it). */
  held?: boolean;
  /** `occurredAt` of the review change `held` follows, so an older one arriving late changes nothing. */
  reviewChangedAt?: string;
  transitions: Record<string, { before: VacancyState | null; after: VacancyState }>;
  /** Raised with every change of the free count (places/places.ts); VacancyPlacesChanged carries it. */
  placesVersion?: number;
  /** The last `placesVersion` reported as VacancyPlacesChanged (places/publishPlaces). */
  placesPublished?: number;
  /** Meeting details and confirmation settings as the estate set them (VacancyDayOfWorkSet; latest setAt). */
  dayOfWork?: { meeting: MeetingDetails | null; confirmation: ConfirmationSettings; setAt: string };
  /** The work days once the estate moved one (read through `workDaysOf`, domain/work-days.ts). */
  workDays?: string[];
  /** Rises with every change of `workDays` (WorkDaysChanged.version). */
  workDaysVersion?: number;
  /** Each "no work" broadcast's move, by broadcastId, so a retried broadcast never moves a day twice. */
  workDayMoves?: Record<string, { from: string; to: string; version: number }>;
}

/**
 * An application: a worker's (guest=false) or a guest placed into a vacancy by an admin (guest=true).
 * `uniqueKey` = applicant + vacancy under a unique index: one application per worker (or guest) and vacancy.
 * A guest placement is Pending only while it is being accepted; it never shows as pending work.
 */
export interface ApplicationDoc extends WithOutbox {
  _id: string;
  uniqueKey: string;
  vacancyId: string;
  workerId: string | null;
  guestApplicationId: string | null;
  guest: boolean;
  peopleCount: number;
  positions: number;
  status: ApplicationStatus;
  note: string | null;
  submittedAt: string;
  decidedAt: string | null;
  /** The vacancy event that closed this application, and the status it had then. */
  closedBy?: string;
  closedFrom?: 'Pending' | 'Accepted';
  /** A leader with a crew: the members they picked (a copy as it was when applying). */
  crew?: StoredCrewMember[];
  /** Of `crew`, those the admin accepted (all of them unless a part was accepted). */
  acceptedMemberIds?: string[];
  /** The estate's marks once the job started, by person (the application id for the applicant, a member id). */
  attendance?: Record<string, Attendance>;
  /** Raised with every attendance change, so concurrent marks never publish a stale whole state. */
  attendanceVersion?: number;
  /**
   * Attendance per work day and per head (issue #31): day → head id → mark. Documents from before it
   * carry only `attendance`, read as the marks of the moba's first work day (domain/attendance.ts).
   */
  attendanceByDay?: Record<string, Record<string, Attendance>>;
  /** Status Cancelled: why and when the whole place was given back (release-places/). */
  cancellation?: Cancellation;
  /** Keys of the releases already applied to this application (a retried release gives back nothing twice). */
  releases?: Record<string, number>;
}

/**
 * Freed places offered to the pending applicants of a moba (release-places/offer-standby.ts).
 * `_id` = vacancyId:placesVersion, so one change of places makes one offer. Carries StandbyOffered.
 */
export interface StandbyOfferDoc extends WithOutbox {
  _id: string;
  vacancyId: string;
  applicationIds: string[];
  freePositions: number;
  offeredAt: string;
}

/**
 * A worker's reliability (_id = workerId), counted from this service's own events and decisions.
 * `counted` holds the event ids already counted, so a repeat counts nothing twice. No-shows are not
 * kept here: they are read from the attendance.
 */
export interface WorkerReliabilityDoc {
  _id: string;
  accepted: number;
  cancellations: number;
  lateCancellations: number;
  counted: Record<string, true>;
}

export type { StoredCrewMember } from './domain/crew';

/** A group leader's crew, kept on their profile. _id = the leader's userId. Carries CrewUpdated. */
export interface CrewDoc extends WithOutbox {
  _id: string;
  members: StoredCrewMember[];
  updatedAt: string;
}

/**
 * An invitation into a leader's crew for the worker registered with a member's phone.
 * `uniqueKey` = leader + member + phone under a unique index: one invitation per member entry and
 * phone. Carries CrewInvitationSent and CrewInvitationAnswered.
 */
export interface CrewInvitationDoc extends WithOutbox {
  _id: string;
  uniqueKey: string;
  leaderId: string;
  leaderName: string;
  memberId: string;
  memberName: string;
  phone: string;
  workerId: string;
  state: 'Pending' | 'Accepted' | 'Declined';
  sentAt: string;
  answeredAt: string | null;
}

/** A leader's crew saves of one day and the new phones they added. _id = leaderId:day. */
export interface CrewQuotaDoc {
  _id: string;
  saves: number;
  phones: string[];
}

/**
 * An estate's broadcast to the people accepted on a moba (`_id` = the client's broadcastId, so a
 * retried POST finds it). Carries BroadcastSent (and WorkDaysChanged for "no work"). `sentOn` is the
 * Belgrade day it was sent: the daily limit counts in `broadcast_quotas` (`vacancyId:sentOn`).
 */
export interface BroadcastDoc extends WithOutbox, BroadcastMessage {
  _id: string;
  vacancyId: string;
  estateId: string;
  fingerprint: string;
  recipients: BroadcastRecipient[];
  sentAt: string;
  sentOn: string;
}

/** Broadcasts taken of one moba's daily limit, and the broadcastIds they were taken for. _id = vacancyId:day. */
export interface BroadcastQuotaDoc {
  _id: string;
  count: number;
  ids?: string[];
}

export interface GuestApplicationDoc extends WithOutbox {
  _id: string;
  firstName: string;
  lastName: string;
  phone: string;
  municipality: string;
  note: string | null;
  status: 'Pending' | 'Accepted';
  vacancyIds: string[];
  createdAt: string;
}

/** One closing of pending applications, keyed by the vacancy event that caused it; carries ApplicationsClosed. */
export interface ClosureDoc extends WithOutbox {
  _id: string;
  vacancyId: string;
  applicationIds: string[];
}

/**
 * A bulk decision (idempotency key = the client's batchId). `fingerprint` is the request it was made
 * for; `applicationIds` the items fixed when it began (a filter is resolved once); `lease` (on the
 * service's clock) keeps a second runner out while the first is alive.
 */
export interface DecisionBatchDoc {
  _id: string;
  adminId: string;
  adminName: string;
  decision: 'accept' | 'reject';
  fingerprint: string;
  applicationIds: string[];
  status: 'running' | 'done';
  lease?: LeaseMark;
  createdAt: string;
}

/**
 * One item of a batch; `_id` = batchId:applicationId, so each item is recorded once. Marked 'deciding'
 * before its decision, the outcome set after: a retry after a crash knows which items this batch was
 * deciding (only those may be recognised as decided by it).
 */
export interface DecisionItemDoc {
  _id: string;
  batchId: string;
  seq: number;
  applicationId: string;
  outcome: 'deciding' | 'accepted' | 'rejected' | 'refused';
  code?: string;
  freePositions?: number;
}

export type { ConfirmationDoc } from './confirmation-doc';

export { statsCounters, type StatsCounter, type StatsDelta } from './domain/stats';

/**
 * The stats read model: 256 shard documents (by the first two hex digits of the event id), each with
 * its counters and the ids of the events already applied to it (id → epoch ms), so redelivery never
 * counts twice. Ids older than the retention are forgotten by a periodic prune.
 */
export type StatsShardDoc = { _id: string; applied: Record<string, number> } & Record<StatsCounter, number>;

/**
 * What comes back from the store is parsed with the shape it was written in (STYLE habit 4), so a
 * changed or damaged document fails loudly instead of flowing on. Loose: outbox and maps pass through.
 */
const state = z.object({ status: vacancyStatusSchema, deleted: z.boolean() });
const storedCrewMemberSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  birthYear: z.number().int().nullable(),
  workerId: z.string().nullable().optional(),
  joined: z.boolean().optional(),
});
const docSchemas = {
  workers: z.looseObject({
    _id: z.string(),
    fullName: z.string(),
    phone: z.string(),
    municipality: z.string().nullable(),
    groupLeader: z.boolean(),
    groupSize: z.number().int().min(0),
    registeredEventId: z.string().nullable(),
  }),
  estates: z.looseObject({
    _id: z.string(),
    estateName: z.string(),
    fullName: z.string(),
    phone: z.string(),
    municipality: z.string().nullable(),
  }),
  vacancies: z.looseObject({
    _id: z.string(),
    estateId: z.string(),
    title: z.string(),
    status: vacancyStatusSchema,
    deleted: z.boolean(),
    totalPositions: z.number().int().min(0),
    freePositions: z.number().int().min(0),
    groupLeadersAccepted: z.boolean(),
    claims: z.record(z.string(), z.number().int().min(1)),
    transitions: z.record(z.string(), z.object({ before: state.nullable(), after: state })),
  }),
  applications: z.looseObject({
    _id: z.string(),
    uniqueKey: z.string(),
    vacancyId: z.string(),
    workerId: z.string().nullable(),
    guestApplicationId: z.string().nullable(),
    guest: z.boolean(),
    peopleCount: z.number().int().min(0),
    positions: z.number().int().min(1),
    status: applicationStatusSchema,
    note: z.string().nullable(),
    submittedAt: z.string(),
    decidedAt: z.string().nullable(),
    crew: z.array(storedCrewMemberSchema).optional(),
    acceptedMemberIds: z.array(z.string()).optional(),
    attendance: z.record(z.string(), attendanceSchema).optional(),
    attendanceByDay: z.record(z.string(), z.record(z.string(), attendanceSchema)).optional(),
  }),
  crews: z.looseObject({
    _id: z.string(),
    members: z.array(storedCrewMemberSchema),
    updatedAt: z.string(),
  }),
  crewInvitations: z.looseObject({
    _id: z.string(),
    uniqueKey: z.string(),
    leaderId: z.string(),
    leaderName: z.string(),
    memberId: z.string(),
    memberName: z.string(),
    phone: z.string(),
    workerId: z.string(),
    state: z.enum(['Pending', 'Accepted', 'Declined']),
    sentAt: z.string(),
    answeredAt: z.string().nullable(),
  }),
  guestApplications: z.looseObject({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    municipality: z.string(),
    note: z.string().nullable(),
    status: z.enum(['Pending', 'Accepted']),
    vacancyIds: z.array(z.string()),
  }),
};

export async function openApplicationStore(store: DocumentStore) {
  const collections = await allResolved({
    workers: store.collection<WorkerDoc>('workers').then((c) => parsedCollection(c, docSchemas.workers)),
    estates: store.collection<EstateDoc>('estates').then((c) => parsedCollection(c, docSchemas.estates)),
    vacancies: store
      .collection<VacancyDoc>('vacancies', { indexes: [{ fields: ['estateId'] }, { fields: ['status'] }] })
      .then((c) => parsedCollection(c, docSchemas.vacancies)),
    applications: store
      .collection<ApplicationDoc>('applications', {
        indexes: [
          { fields: ['uniqueKey'], unique: true },
          { fields: ['vacancyId'] },
          { fields: ['workerId'] },
          { fields: ['status'] },
          { fields: ['submittedAt'] },
          { fields: ['decidedAt'] },
        ],
      })
      .then((c) => parsedCollection(c, docSchemas.applications)),
    guestApplications: store
      .collection<GuestApplicationDoc>('guest_applications', { indexes: [{ fields: ['status'] }] })
      .then((c) => parsedCollection(c, docSchemas.guestApplications)),
    closures: store.collection<ClosureDoc>('closures', { indexes: [{ fields: ['vacancyId'] }] }),
    stats: store.collection<StatsShardDoc>('stats'),
    decisionBatches: store.collection<DecisionBatchDoc>('decision_batches'),
    decisionItems: store.collection<DecisionItemDoc>('decision_items', {
      indexes: [{ fields: ['batchId'] }],
    }),
    crews: store.collection<CrewDoc>('crews').then((c) => parsedCollection(c, docSchemas.crews)),
    crewInvitations: store
      .collection<CrewInvitationDoc>('crew_invitations', {
        indexes: [
          { fields: ['uniqueKey'], unique: true },
          { fields: ['workerId'] },
          { fields: ['leaderId'] },
        ],
      })
      .then((c) => parsedCollection(c, docSchemas.crewInvitations)),
    crewQuotas: store.collection<CrewQuotaDoc>('crew_quotas'),
    standbyOffers: store.collection<StandbyOfferDoc>('standby_offers', {
      indexes: [{ fields: ['vacancyId'] }],
    }),
    workerReliability: store.collection<WorkerReliabilityDoc>('worker_reliability'),
  });
  const confirmations = await openConfirmations(store);
  const broadcasts = await store.collection<BroadcastDoc>('broadcasts', {
    indexes: [{ fields: ['vacancyId'] }],
  });
  const broadcastQuotas = await store.collection<BroadcastQuotaDoc>('broadcast_quotas');
  return { ...collections, confirmations, broadcasts, broadcastQuotas };
}

/** Promise.all over an object: the collections open together and keep their names. */
async function allResolved<T extends object>(promises: T): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const entries = await Promise.all(
    Object.entries(promises).map(async ([name, promise]) => [name, await promise] as const),
  );
  return Object.fromEntries(entries) as { [K in keyof T]: Awaited<T[K]> };
}

export type ApplicationStore = Awaited<ReturnType<typeof openApplicationStore>>;

export const workerApplicationKey = (workerId: string, vacancyId: string) =>
  `worker:${workerId}|${vacancyId}`;
export const guestApplicationKey = (guestApplicationId: string, vacancyId: string) =>
  `guest:${guestApplicationId}|${vacancyId}`;
