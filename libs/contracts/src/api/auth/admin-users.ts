// Admin user management: the user list and bans.
import { z } from 'zod';
import { missingOr } from '../../errors';
import { regionSchema, userStatusSchema } from '../../enums';
import { pageOf, pagingSchema, searchTextSchema, uuidV4Schema } from '../../common';
import { BAN_REASON_MAX } from './limits';

export const adminUserSortSchema = z.enum(['date', 'name']);
export const adminUserStatusFilterSchema = z.enum(['all', 'Active', 'Banned']);

/** POST /admin/users/all: search (≥ SEARCH_MIN characters, name/phone/email), sort, status filter, paging. */
export const adminUsersQuerySchema = pagingSchema.extend({
  search: searchTextSchema(100),
  sort: adminUserSortSchema.default('date'),
  status: adminUserStatusFilterSchema.default('all'),
  role: z.enum(['Worker', 'Estate']).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** Admin user list item (spec §3). */
export const adminUserItemSchema = z.object({
  id: uuidV4Schema,
  userType: z.enum(['Worker', 'Estate']),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  dateOfBirth: z.string(),
  skills: z.string(),
  availabilityMonths: z.array(z.number().int()),
  region: regionSchema,
  municipality: z.string().nullable(),
  groupLeader: z.boolean(),
  groupSize: z.number().int(),
  note: z.string(),
  status: userStatusSchema,
  banReason: z.string().nullable(),
  emailVerified: z.boolean(),
  registeredAt: z.string(),
  /** Estates only: what the admin checks against the public registry, and the verification. */
  bpg: z.string().optional(),
  pib: z.string().nullable().optional(),
  estateVerified: z.boolean().optional(),
  verificationNote: z.string().nullable().optional(),
});
export type AdminUserItem = z.infer<typeof adminUserItemSchema>;
export const adminUsersPageSchema = pageOf(adminUserItemSchema);

export const banUserSchema = z.object({
  reason: z
    .string({ error: missingOr('reason', 'text') })
    .trim()
    .min(1, { message: 'reason is required' })
    .max(BAN_REASON_MAX, { message: `reason must have at most ${BAN_REASON_MAX} characters` }),
});

export const VERIFICATION_NOTE_MAX = 500;

/** POST /admin/estates/{id}/verify and /unverify: what the admin checked, or why it is revoked. */
export const estateVerificationSchema = z.object({
  note: z
    .string({ error: missingOr('note', 'text') })
    .trim()
    .min(1, { message: 'note is required' })
    .max(VERIFICATION_NOTE_MAX, { message: `note must have at most ${VERIFICATION_NOTE_MAX} characters` }),
});
export type EstateVerificationInput = z.infer<typeof estateVerificationSchema>;
export const estateVerificationResultSchema = z.object({ estateId: uuidV4Schema, verified: z.boolean() });
