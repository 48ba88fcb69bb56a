import { z } from 'zod';
import { genderSchema, languageSchema, regionSchema, roleSchema } from '../enums';
import { defineEvent, topics } from './envelope';

/**
 * Token-state events the gateway replicates (ban, password change): a token whose tokenVersion is
 * older than the user's current one is refused. Each of them raises the version, and replicas take only
 * a newer one (supersedesTokenState in libs/platform). The auth service extends this file with its other events.
 */
const tokenState = z.object({ userId: z.uuid(), tokenVersion: z.number().int().min(0) });

export const PasswordChanged = defineEvent(topics.auth, 'PasswordChanged', 1, tokenState);
export const UserBanned = defineEvent(
  topics.auth,
  'UserBanned',
  1,
  tokenState.extend({ reason: z.string() }),
);
/** A ban lifted, at a newer version than the ban's: a replica that hears the ban again keeps the user active. */
export const UserReactivated = defineEvent(topics.auth, 'UserReactivated', 1, tokenState);
/** "Log out everywhere": the version rises, so every token issued before ends (sockets too). */
export const AllSessionsEnded = defineEvent(topics.auth, 'AllSessionsEnded', 1, tokenState);
/**
 * One session logged out: the token with this session id (`sid`) is refused until `until` (its
 * expiry), at the gateway, in every service that checks sessions, and its live socket closes.
 */
export const SessionEnded = defineEvent(
  topics.auth,
  'SessionEnded',
  1,
  z.object({ userId: z.uuid(), sessionId: z.string().min(1), until: z.iso.datetime({ offset: true }) }),
);
export const tokenStateEvents = [PasswordChanged, UserBanned, UserReactivated, AllSessionsEnded];

export const tokenClaimsSchema = z.object({
  sub: z.uuid(),
  role: roleSchema,
  fullName: z.string(),
  tokenVersion: z.number().int().min(0),
  exp: z.number().int(),
  /** The session's id, which logout ends (tokens from before sessions had ids have none). */
  sid: z.string().optional(),
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
    /** A worker's months of availability (1-12). */
    availabilityMonths: z.array(z.number().int().min(1).max(12)).optional(),
    /** A worker's cultures (crop ids), absent in events older than the field: job alerts start from them. */
    cultures: z.array(z.string()).optional(),
    estateName: z.string().optional(),
    /** From the profile (absent in events older than the field): labels like "Došao / Došla" follow it. */
    gender: genderSchema.optional(),
    language: languageSchema,
    registeredAt: z.iso.datetime({ offset: true }),
  }),
);

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
    /** A worker's months of availability (1-12). */
    availabilityMonths: z.array(z.number().int().min(1).max(12)).optional(),
    estateName: z.string().optional(),
    photoUrl: z.string().optional(),
    /** From the profile (absent in events older than the field). */
    gender: genderSchema.optional(),
  }),
);

export const authEvents = [
  UserRegistered,
  EmailVerified,
  PasswordChanged,
  UserBanned,
  UserReactivated,
  AllSessionsEnded,
  SessionEnded,
  ProfileUpdated,
] as const;
