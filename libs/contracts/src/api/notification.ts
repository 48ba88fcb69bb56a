import { z } from 'zod';
import { CONTACT_MESSAGE_MAX, NAME_MAX } from '../limits';
import { ratingNotificationActionSchema } from '../enums';
import { isoDateTimeSchema, uuidV4Schema } from '../common';

/** Request and response schemas of the notification service (spec §7). */

/** The newest notifications a user gets from GET /notifications/all. */
export const NOTIFICATIONS_LIST_MAX = 200;
/** At most this many ids in one POST /notifications/read. */
export const NOTIFICATIONS_READ_IDS_MAX = 500;
/** Largest frame a client may send on the live channel (the greeting carries one token). */
export const WS_MAX_CLIENT_MESSAGE_BYTES = 8 * 1024;

/**
 * Message keys the web translates (namespace `notification`). A notification stores a key plus
 * params, so each reader sees it in their own language; a missing key shows the key (spec §8).
 */
export const notificationKeys = {
  applicationAccepted: 'notification.applicationAccepted',
  /** As applicationAccepted, with the meeting: params meetingPoint, meetingTime (first day), contactName, contactPhone. */
  applicationAcceptedMeeting: 'notification.applicationAcceptedMeeting',
  /** As crewAccepted, with the same meeting params. */
  crewAcceptedMeeting: 'notification.crewAcceptedMeeting',
  /** A leader's crew accepted, whole or in part: params accepted / notAccepted (names, comma-separated) and their counts. */
  crewAccepted: 'notification.crewAccepted',
  /** A group leader invited the worker into their crew: params leaderName, memberName, invitationId. */
  crewInvitation: 'notification.crewInvitation',
  applicationRejected: 'notification.applicationRejected',
  applicationClosed: 'notification.applicationClosed',
  workerAccepted: 'notification.workerAccepted',
  vacancyDeleted: 'notification.vacancyDeleted',
  rateEstate: 'notification.rateEstate',
  rateWorkers: 'notification.rateWorkers',
  featuringSucceeded: 'notification.featuringSucceeded',
  featuringFailed: 'notification.featuringFailed',
  featuringCancelled: 'notification.featuringCancelled',
  contactMessage: 'notification.contactMessage',
  listingHeld: 'notification.listingHeld',
  listingHidden: 'notification.listingHidden',
  listingApproved: 'notification.listingApproved',
  listingRejected: 'notification.listingRejected',
  /** A place freed on a moba the worker applied to (issue #31 standby): params vacancyId, vacancyTitle, freePositions. */
  standbyOffered: 'notification.standbyOffered',
  /** Issue #31: confirm coming tomorrow; params vacancyId, vacancyTitle, day, time (or null), heads, deadline. */
  confirmationRequested: 'notification.confirmationRequested',
  /**
   * The estate's broadcast to the people accepted on a moba (issue #31): params broadcastId, vacancyId,
   * vacancyTitle, estateName, template, day (or null), value / text / movedTo where the template has them.
   */
  broadcast: 'notification.broadcast',
  /**
   * A moba that meets the worker's job alert opened: params vacancyId, vacancyTitle, municipality,
   * startDate, dailyWage (or null when paid by the norm). The panel links the moba and "stop these alerts".
   */
  jobAlert: 'notification.jobAlert',
} as const;
export const notificationKeySchema = z.enum(Object.values(notificationKeys) as [string, ...string[]]);

export const notificationParamsSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);

/** One item of the notification panel; `dateRead` absent means unread (spec §3). */
export const notificationSchema = z.object({
  id: uuidV4Schema,
  content: z.object({ key: z.string(), params: notificationParamsSchema }),
  dateSent: isoDateTimeSchema,
  dateRead: isoDateTimeSchema.optional(),
  actionButtonType: ratingNotificationActionSchema.nullable(),
  actionButtonParamIds: z.array(z.string()),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /notifications/all: the caller's notifications, newest first. */
export const notificationListSchema = z.array(notificationSchema);

/** POST /notifications/read: no ids (or an empty list) means all of the caller's notifications. */
export const readNotificationsBodySchema = z.object({
  notificationIds: z.array(uuidV4Schema).max(NOTIFICATIONS_READ_IDS_MAX).optional(),
  shouldDelete: z.boolean().default(false),
});
export type ReadNotificationsBody = z.input<typeof readNotificationsBodySchema>;
export const readNotificationsResultSchema = z.object({
  ok: z.literal(true),
  count: z.number().int().min(0),
});

/** POST /contact-us (spec §5: name, email, message required). */
export const contactUsBodySchema = z.object({
  name: z.string().trim().min(1, { message: 'required' }).max(NAME_MAX),
  email: z.email({ message: 'must be a valid email' }),
  message: z.string().trim().min(1, { message: 'required' }).max(CONTACT_MESSAGE_MAX),
});
export type ContactUsBody = z.infer<typeof contactUsBodySchema>;
export const contactUsResultSchema = z.object({ ok: z.literal(true), id: uuidV4Schema });

/** The text body the web shows when a contact message could not be sent (spec §8). */
export const CONTACT_SEND_ERROR_TEXT = 'contact send error';

export const notificationErrorCodes = {
  CONTACT_SEND_ERROR: 'NOTIFICATION.CONTACT_SEND_ERROR',
  /** The broadcasts of a moba this service does not know (no VacancyCreated seen). */
  VACANCY_NOT_FOUND: 'NOTIFICATION.VACANCY_NOT_FOUND',
  /** The broadcasts of another estate's moba. */
  NOT_VACANCY_OWNER: 'NOTIFICATION.NOT_VACANCY_OWNER',
} as const;

/**
 * Live channel WebSocket /api/ws/{userId}. The client's first frame is the greeting {token};
 * every later server frame is one notification (notificationSchema), appended to the panel list.
 */
export const wsGreetingSchema = z.object({ token: z.string().min(1) });
export type WsGreeting = z.infer<typeof wsGreetingSchema>;
export const wsServerMessageSchema = notificationSchema;

export { wsCloseCodes } from '../plain-values';
