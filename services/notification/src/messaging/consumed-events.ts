import { z } from 'zod';
import { defineEvent, languageSchema, roleSchema, topics } from '@moba/contracts';

/**
 * The events this service consumes, declared with only the fields it reads (producers may add
 * fields; zod drops the rest). Names and fields follow the event catalogue of the brief, so these
 * parse the producers' envelopes; tests build envelopes with `.create()`.
 */
const id = z.string().min(1);

export const UserRegistered = defineEvent(
  topics.auth,
  'UserRegistered',
  1,
  z.object({ userId: id, role: roleSchema, language: languageSchema.optional() }),
);
const accountMail = z.object({
  userId: id,
  email: z.email(),
  fullName: z.string(),
  link: z.url({ protocol: /^https?$/ }),
  expiresAt: z.string().optional(),
  language: languageSchema.optional(),
});
export const EmailVerificationRequested = defineEvent(
  topics.auth,
  'EmailVerificationRequested',
  1,
  accountMail,
);
export const PasswordResetRequested = defineEvent(topics.auth, 'PasswordResetRequested', 1, accountMail);
const tokenState = z.object({ userId: id, tokenVersion: z.number().int().min(0) });
export const PasswordChanged = defineEvent(topics.auth, 'PasswordChanged', 1, tokenState);
export const UserBanned = defineEvent(
  topics.auth,
  'UserBanned',
  1,
  tokenState.extend({ reason: z.string().optional() }),
);
export const UserReactivated = defineEvent(topics.auth, 'UserReactivated', 1, tokenState);

export const VacancyCreated = defineEvent(
  topics.vacancy,
  'VacancyCreated',
  1,
  z.object({ vacancyId: id, estateId: id, title: z.string().optional() }),
);
export const VacancyStatusChanged = defineEvent(
  topics.vacancy,
  'VacancyStatusChanged',
  1,
  z.object({
    vacancyId: id,
    estateId: id,
    from: z.string().optional(),
    to: z.string(),
    title: z.string().optional(),
  }),
);
export const VacancyDeleted = defineEvent(
  topics.vacancy,
  'VacancyDeleted',
  1,
  z.object({ vacancyId: id, estateId: id, title: z.string().optional() }),
);

export const ApplicationAccepted = defineEvent(
  topics.application,
  'ApplicationAccepted',
  1,
  z.object({
    applicationId: id,
    vacancyId: id,
    estateId: id,
    workerId: id.nullable(),
    guest: z.boolean().default(false),
    positions: z.number().int().optional(),
    freePositions: z.number().int().optional(),
    totalPositions: z.number().int().optional(),
  }),
);
export const ApplicationRejected = defineEvent(
  topics.application,
  'ApplicationRejected',
  1,
  z.object({ applicationId: id, vacancyId: id, workerId: id }),
);
export const ApplicationsClosed = defineEvent(
  topics.application,
  'ApplicationsClosed',
  1,
  z.object({
    vacancyId: id,
    reason: z.enum(['VacancyNotOpen', 'VacancyFinished', 'VacancyDeleted']).optional(),
    workerIds: z.array(id).default([]),
  }),
);

const paymentOutcome = z.object({
  paymentId: id,
  purpose: z.string(),
  vacancyId: id.optional(),
  estateId: id.optional(),
  amount: z.number().optional(),
});
export const PaymentSucceeded = defineEvent(topics.payment, 'PaymentSucceeded', 1, paymentOutcome);
export const PaymentFailed = defineEvent(topics.payment, 'PaymentFailed', 1, paymentOutcome);
export const PaymentCancelled = defineEvent(topics.payment, 'PaymentCancelled', 1, paymentOutcome);
