import { z } from 'zod';
import {
  estateSizeSchema,
  genderSchema,
  languageSchema,
  primaryIndustrySchema,
  regionSchema,
  roleSchema,
} from '@moba/contracts';
import { parsedCollection, type Collection, type DocumentStore, type WithOutbox } from '@moba/platform';
import type { UserDoc } from './domain/user';
import type { AuditDoc } from './keep-audit-log/keep-audit-log';

/**
 * An account read back from the store is checked against the shape it was written in (STYLE habit 4),
 * so a changed or damaged document fails loudly instead of reaching a profile, the admin list or a token.
 */
const userDocSchema = z.looseObject({
  _id: z.string(),
  role: roleSchema,
  email: z.string(),
  passwordHash: z.string(),
  phone: z.string().optional(),
  phoneCountry: regionSchema.optional(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  dateOfBirth: z.string().optional(),
  gender: genderSchema.optional(),
  region: regionSchema.optional(),
  language: languageSchema,
  municipality: z.string().optional(),
  worker: z
    .looseObject({
      availabilityMonths: z.array(z.number().int()),
      skills: z.string(),
      cultures: z.array(z.string()).optional(),
      groupLeader: z.boolean(),
      groupSize: z.number().int().min(0),
      transportOrganised: z.boolean(),
      willingToTravel: z.boolean(),
    })
    .optional(),
  estate: z
    .looseObject({
      name: z.string(),
      bpg: z.string(),
      pib: z.string().optional(),
      primaryIndustry: primaryIndustrySchema,
      cultureTypes: z.array(z.string()),
      size: estateSizeSchema,
      description: z.string(),
    })
    .optional(),
  emailVerified: z.boolean(),
  tokenVersion: z.number().int().min(0),
  banned: z.boolean(),
  banReason: z.string().optional(),
  dontShowGuidance: z.boolean(),
  photoFile: z.string().optional(),
  nameKey: z.string(),
  registeredAt: z.string(),
  updatedAt: z.string(),
  failedLogins: z.array(z.string()),
});

/** The collections of the auth service and their indexes. */
export async function openAuthStore(store: DocumentStore) {
  const raw = await store.collection<UserDoc & WithOutbox>('users', {
    indexes: [
      { fields: ['email'], unique: true },
      // Admins have no phone: only documents with a phone take part.
      { fields: ['phone'], unique: true, sparse: true },
      { fields: ['role'] },
      { fields: ['emailLink.hash'], sparse: true },
      { fields: ['resetLink.hash'], sparse: true },
    ],
  });
  const users = parsedCollection(raw, userDocSchema);
  // The admin audit log: append-only (entries are inserted by event id, never updated or deleted).
  const auditLog = await store.collection<AuditDoc>('audit_log', {
    indexes: [{ fields: ['at'] }, { fields: ['targetId'] }, { fields: ['action'] }],
  });
  return { users, auditLog };
}
export type AuthStore = Awaited<ReturnType<typeof openAuthStore>>;
export type Users = Collection<UserDoc & WithOutbox>;
