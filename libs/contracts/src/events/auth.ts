import { z } from 'zod';
import { languageSchema, regionSchema, roleSchema } from '../enums';
import { defineEvent, topics } from './envelope';

/**
 * Token-state events the gateway replicates (ban, password change): a token whose tokenVersion is
 * older than the user's current one is refused. The auth service extends this file with its other events.
 */
const tokenState = z.object({ userId: z.uuid(), tokenVersion: z.number().int().min(0) });

export const PasswordChanged = defineEvent(topics.auth, 'PasswordChanged', 1, tokenState);
export const UserBanned = defineEvent(
  topics.auth,
  'UserBanned',
  1,
  tokenState.extend({ reason: z.string() }),
);
export const UserReactivated = defineEvent(topics.auth, 'UserReactivated', 1, tokenState);
export const tokenStateEvents = [PasswordChanged, UserBanned, UserReactivated];

export const tokenClaimsSchema = z.object({
  sub: z.uuid(),
  role: roleSchema,
  fullName: z.string(),
  tokenVersion: z.number().int().min(0),
  exp: z.number().int(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

/** A worker or estate signed up (not yet confirmed). Estates: fullName is the person, estateName the estate. */
export const UserRegistered = defineEvent(
  topics.auth,
  'UserRegistered',
  1,
  z.object({
    userId: z.uuid(),
    role: roleSchema,
    email: z.string(),
    fullName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    region: regionSchema,
    municipality: z.string().optional(),
    groupLeader: z.boolean(),
    /** People a leader brings; 0 when not a leader. */
    groupSize: z.number().int().min(0),
    estateName: z.string().optional(),
    language: languageSchema,
    registeredAt: z.iso.datetime({ offset: true }),
  }),
);

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
export const EmailVerificationRequested = defineEvent(topics.auth, 'EmailVerificationRequested', 1, linkMail);
/** Mail the reset link: `${PUBLIC_URL}/new-password?token=…`. */
export const PasswordResetRequested = defineEvent(topics.auth, 'PasswordResetRequested', 1, linkMail);
export const EmailVerified = defineEvent(topics.auth, 'EmailVerified', 1, z.object({ userId: z.uuid() }));

/** A profile changed (or a photo): the fields other services replicate. */
export const ProfileUpdated = defineEvent(
  topics.auth,
  'ProfileUpdated',
  1,
  z.object({
    userId: z.uuid(),
    role: roleSchema,
    fullName: z.string(),
    phone: z.string(),
    municipality: z.string().optional(),
    groupLeader: z.boolean(),
    groupSize: z.number().int().min(0),
    estateName: z.string().optional(),
    photoUrl: z.string().optional(),
  }),
);

export const authEvents = [
  UserRegistered,
  EmailVerificationRequested,
  PasswordResetRequested,
  EmailVerified,
  PasswordChanged,
  UserBanned,
  UserReactivated,
  ProfileUpdated,
] as const;
