import { z } from 'zod';
import { parsedCollection, type Collection, type DocumentStore } from '@moba/platform';
import {
  notificationParamsSchema,
  ratingNotificationActionSchema,
  roleSchema,
  type BroadcastMessage,
  type RatingNotificationAction,
  type Role,
} from '@moba/contracts';

export type ParamValue = string | number | boolean | null;

/** One notification of one user: a message key plus params, rendered by the reader's client. */
export interface NotificationDoc {
  _id: string;
  userId: string;
  key: string;
  params: Record<string, ParamValue>;
  dateSent: string;
  dateRead?: string;
  actionButtonType: RatingNotificationAction | null;
  actionButtonParamIds: string[];
  /** The event that caused it (notifications from events derive their id from it). */
  sourceEventId?: string;
}

/** Replica of a vacancy from vacancy and application events: who to tell when it ends or goes away. */
export interface VacancyReplicaDoc {
  _id: string;
  estateId?: string;
  title?: string;
  /** The first day (yyyy-mm-dd), for the SMS reminder of the evening before. */
  startDate?: string;
  acceptedWorkerIds: string[];
  /** Meeting details (VacancyDayOfWorkSet, latest `meetingSetAt`): only the accepted person's messages carry them. */
  meeting?: ReplicaMeeting | null;
  meetingSetAt?: string;
}

/** What this service keeps of a moba's meeting details. */
export interface ReplicaMeeting {
  point: string;
  time: string;
  timeByDay: Record<string, string>;
  contactName: string;
  contactPhone: string;
}

/** Replica of a user's token state (ban, password change) and role, from auth events. */
export interface UserReplicaDoc {
  _id: string;
  tokenVersion: number;
  banned: boolean;
  role?: Role;
  /** Sessions logged out (SessionEnded), until their tokens expire: their greetings are refused. */
  endedSessions?: { sessionId: string; until: string }[];
}

/**
 * An estate's broadcast as this service delivers it (from BroadcastSent): what the estate sent, for
 * its report. `_id` = broadcastId.
 */
export interface BroadcastDoc extends BroadcastMessage {
  _id: string;
  vacancyId: string;
  estateId: string;
  sentAt: string;
}

/**
 * One recipient's delivery of a broadcast. `_id` = `${broadcastId}:${workerId}`. Queued when stored;
 * `deliveredAt` once pushed to an open socket or fetched in the notification list; `readAt` once the
 * notification is marked read; `sms` follows the SMS dispatch outcome (absent: no SMS for them).
 */
export interface BroadcastDeliveryDoc {
  _id: string;
  broadcastId: string;
  vacancyId: string;
  workerId: string;
  name: string;
  notificationId: string;
  queuedAt: string;
  deliveredAt?: string;
  readAt?: string;
  sms?: 'queued' | 'sent' | 'failed';
  smsAt?: string;
}

export interface ContactMessageDoc {
  _id: string;
  name: string;
  email: string;
  message: string;
  /** The signed-in sender, absent for a visitor. */
  userId?: string;
  receivedAt: string;
  mailStatus: 'pending' | 'sent' | 'failed';
}

/**
 * What comes back from the store is checked against the shape it was written in (STYLE habit 4), so
 * a changed or damaged document fails loudly instead of reaching a panel or a socket.
 */
const docSchemas = {
  notifications: z.looseObject({
    _id: z.string(),
    userId: z.string(),
    key: z.string(),
    params: notificationParamsSchema,
    dateSent: z.string(),
    dateRead: z.string().optional(),
    actionButtonType: ratingNotificationActionSchema.nullable(),
    actionButtonParamIds: z.array(z.string()),
  }),
  vacancies: z.looseObject({
    _id: z.string(),
    estateId: z.string().optional(),
    title: z.string().optional(),
    acceptedWorkerIds: z.array(z.string()).optional(),
  }),
  users: z.looseObject({
    _id: z.string(),
    tokenVersion: z.number().int().min(0),
    banned: z.boolean(),
    role: roleSchema.optional(),
  }),
};

/** The collections of the notification service and their indexes. */
export async function openNotificationStore(store: DocumentStore) {
  return {
    notifications: parsedCollection(
      await store.collection<NotificationDoc>('notifications', {
        indexes: [{ fields: ['userId'] }, { fields: ['userId', 'dateSent'] }],
      }),
      docSchemas.notifications,
    ),
    vacancies: parsedCollection(
      await store.collection<VacancyReplicaDoc>('vacancy_replica'),
      docSchemas.vacancies,
    ),
    users: parsedCollection(
      await store.collection<UserReplicaDoc>('user_replica', { indexes: [{ fields: ['role'] }] }),
      docSchemas.users,
    ),
    contactMessages: await store.collection<ContactMessageDoc>('contact_messages', {
      indexes: [{ fields: ['receivedAt'] }],
    }),
    broadcasts: await store.collection<BroadcastDoc>('broadcasts', { indexes: [{ fields: ['vacancyId'] }] }),
    broadcastDeliveries: await store.collection<BroadcastDeliveryDoc>('broadcast_deliveries', {
      indexes: [{ fields: ['broadcastId'] }, { fields: ['notificationId'] }, { fields: ['workerId'] }],
    }),
  };
}
export type NotificationStore = Awaited<ReturnType<typeof openNotificationStore>>;
export type NotificationsCollection = Collection<NotificationDoc>;
