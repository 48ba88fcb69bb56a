import { z } from 'zod';
import { defineEvent, topics } from './envelope';
import {
  broadcastTemplateSchema,
  confirmationAnswerSchema,
  confirmationSettingsSchema,
  meetingDetailsSchema,
  placeReleaseReasonSchema,
} from '../api/day-of-work';

/**
 * Events of the day of work (issue #31). Producers may add optional fields; a consumer reads only
 * what it needs. Every one is published through the outbox.
 */

const day = z.iso.date();
const instant = z.iso.datetime({ offset: true });

/** What names one confirmation (asked once per application and work day) in its request and its answer. */
const confirmationKeys = {
  confirmationId: z.string().min(1),
  applicationId: z.uuid(),
  vacancyId: z.uuid(),
  estateId: z.uuid(),
  /** Who answers: the applicant (a crew's leader). */
  workerId: z.uuid(),
  day,
};

/**
 * The estate set (at creation, or later) a moba's meeting details and confirmation settings: the
 * whole current value. `setAt` orders them: a consumer keeps the latest. Key: vacancyId.
 * Private facts: consumers must never put `meeting` in anything a stranger reads.
 */
export const VacancyDayOfWorkSet = defineEvent(
  topics.vacancy,
  'VacancyDayOfWorkSet',
  1,
  z.object({
    vacancyId: z.uuid(),
    estateId: z.uuid(),
    meeting: meetingDetailsSchema.nullable(),
    confirmation: confirmationSettingsSchema,
    setAt: instant,
  }),
);

/**
 * The work days of a moba changed (an estate's "no work tomorrow" moved a day). `days` is the whole
 * current list, `version` rises with each change. Key: vacancyId.
 */
export const WorkDaysChanged = defineEvent(
  topics.application,
  'WorkDaysChanged',
  1,
  z.object({
    vacancyId: z.uuid(),
    estateId: z.uuid(),
    days: z.array(day).min(1),
    /** The day taken out and the day that replaced it. */
    moved: z.object({ from: day, to: day }).optional(),
    version: z.number().int().min(1),
  }),
);

/**
 * An accepted application (a solo worker, or the leader for a crew) is asked to confirm one work
 * day. `confirmationId` = `${applicationId}:${day}`: asked once per application and day.
 * Key: applicationId.
 */
export const ConfirmationRequested = defineEvent(
  topics.application,
  'ConfirmationRequested',
  1,
  z.object({
    ...confirmationKeys,
    title: z.string(),
    /** The meeting time of that day, when the estate gave one. */
    meetingTime: z.string().optional(),
    heads: z.number().int().min(1),
    deadline: instant,
  }),
);

/** A confirmation was answered (in the app or by SMS) or passed its deadline. Key: applicationId. */
export const ConfirmationAnswered = defineEvent(
  topics.application,
  'ConfirmationAnswered',
  1,
  z.object({
    ...confirmationKeys,
    /** 'unanswered': the deadline passed without an answer. */
    answer: z.enum(['yes', 'no', 'unanswered']),
    /** Heads confirmed (a leader may confirm fewer than accepted); 0 for no / unanswered. */
    heads: z.number().int().min(0),
    channel: z.enum(['app', 'sms', 'deadline']),
    answeredAt: instant,
  }),
);

/**
 * An accepted place was given back, in whole or in part (`heads`). `late`: less than
 * LATE_CANCELLATION_HOURS before the start (counts in reliability). Key: applicationId.
 */
export const PlacesReleased = defineEvent(
  topics.application,
  'PlacesReleased',
  1,
  z.object({
    applicationId: z.uuid(),
    vacancyId: z.uuid(),
    estateId: z.uuid(),
    /** The applicant; null for a guest. */
    workerId: z.uuid().nullable(),
    heads: z.number().int().min(1),
    reason: placeReleaseReasonSchema,
    /** The worker's or the estate's words, when one was given. */
    note: z.string().optional(),
    /** The worker's or the estate's choice of reason (workerCancelReasons / estateRemoveReasons). */
    choice: z.string().optional(),
    /** Places the application still holds after this release (0: cancelled). */
    remaining: z.number().int().min(0).optional(),
    late: z.boolean(),
    releasedAt: instant,
  }),
);

/**
 * The free places of a vacancy as the application service (the one writer of places) now counts
 * them. `version` rises with every change of the count: a consumer keeps the highest it saw, so a
 * late or repeated event never sets an older count. Key: vacancyId.
 */
export const VacancyPlacesChanged = defineEvent(
  topics.application,
  'VacancyPlacesChanged',
  1,
  z.object({
    vacancyId: z.uuid(),
    totalPositions: z.number().int().min(1),
    freePositions: z.number().int().min(0),
    version: z.number().int().min(1),
  }),
);

/**
 * Freed places are offered to the pending applicants of the moba, in the order they applied (a crew
 * only if it fits); the first to take a place gets it. Key: vacancyId.
 */
export const StandbyOffered = defineEvent(
  topics.application,
  'StandbyOffered',
  1,
  z.object({
    offerId: z.string().min(1),
    vacancyId: z.uuid(),
    estateId: z.uuid(),
    title: z.string(),
    freePositions: z.number().int().min(1),
    offers: z.array(
      z.object({ applicationId: z.uuid(), workerId: z.uuid(), positions: z.number().int().min(1) }),
    ),
  }),
);

/**
 * The estate sent a message to everyone accepted on a moba (all days, or one). Delivery to each
 * recipient (in the app, push, SMS) is the notification service's. Key: vacancyId.
 */
export const BroadcastSent = defineEvent(
  topics.application,
  'BroadcastSent',
  1,
  z.object({
    broadcastId: z.uuid(),
    vacancyId: z.uuid(),
    estateId: z.uuid(),
    estateName: z.string(),
    title: z.string(),
    day: day.nullable(),
    template: broadcastTemplateSchema,
    /** The template's value: the new time of 'start-moved', what to bring for 'bring'. */
    value: z.string().optional(),
    /** Free text ('free'), already checked like descriptions. */
    text: z.string().optional(),
    recipients: z.array(
      z.object({
        workerId: z.uuid(),
        applicationId: z.uuid(),
        /** The recipient's name as the estate's roster shows it (added for the delivery report). */
        name: z.string().optional(),
      }),
    ),
    /** 'no-work': the day that replaced the one taken out (added for the texts). */
    movedTo: day.optional(),
    sentAt: instant,
  }),
);

/**
 * A worker answered a confirmation request by SMS (DA / NE, in any script; `heads` when they wrote
 * a number: "DA 4"). The application service applies it to that worker's open request. Key: workerId.
 */
export const SmsConfirmationReceived = defineEvent(
  topics.notification,
  'SmsConfirmationReceived',
  1,
  z.object({
    messageId: z.string().min(1),
    workerId: z.uuid(),
    answer: confirmationAnswerSchema,
    heads: z.number().int().min(1).optional(),
    receivedAt: instant,
  }),
);

export const dayOfWorkEvents = [
  VacancyDayOfWorkSet,
  WorkDaysChanged,
  ConfirmationRequested,
  ConfirmationAnswered,
  PlacesReleased,
  VacancyPlacesChanged,
  StandbyOffered,
  BroadcastSent,
  SmsConfirmationReceived,
] as const;
