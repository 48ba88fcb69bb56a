import { z } from 'zod';
import { languageSchema } from '../enums';
import { defineEvent } from './envelope';

/**
 * Private commands from auth to the notification service: mail a single-use link. They carry secrets
 * (the link holds the token), so they never travel on `auth.v1`, which every service and gateway
 * reads and Kafka keeps for its retention: this topic has one reader and a short retention
 * (infra/README, "Kafka topics").
 */
export const commandTopics = { mail: 'notification.mail.v1' } as const;

const linkMail = z.object({
  userId: z.uuid(),
  email: z.string(),
  fullName: z.string(),
  /** Absolute single-use link, e.g. `${PUBLIC_URL}/confirm-email?token=…` (the only place the token travels). */
  link: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
  language: languageSchema,
});

/** Mail the confirmation link: `${PUBLIC_URL}/confirm-email?token=…`. */
export const SendVerificationMail = defineEvent(commandTopics.mail, 'SendVerificationMail', 1, linkMail);
/** Mail the reset link: `${PUBLIC_URL}/new-password?token=…`. */
export const SendPasswordResetMail = defineEvent(commandTopics.mail, 'SendPasswordResetMail', 1, linkMail);

export const mailCommands = [SendVerificationMail, SendPasswordResetMail] as const;
