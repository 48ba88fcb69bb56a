// Worker and estate profiles: what is read, and what each may change.
import { z } from 'zod';
import {
  genderSchema,
  languageSchema,
  primaryIndustrySchema,
  regionSchema,
  roleSchema,
  estateSizeSchema,
} from '../../enums';
import { uuidV4Schema } from '../../common';
import {
  accountMunicipalitySchema,
  availabilityMonthsSchema,
  cultureTypesSchema,
  estateDescriptionSchema,
  workerProfileCulturesSchema,
  workerSkillsSchema,
} from './fields';

const profileBase = z.object({
  id: uuidV4Schema,
  role: roleSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  phone: z.string(),
  phoneCountry: regionSchema,
  dateOfBirth: z.string(),
  gender: genderSchema,
  region: regionSchema,
  language: languageSchema,
  photoUrl: z.string().nullable(),
  dontShowGuidance: z.boolean(),
  registeredAt: z.string(),
});

export const workerProfileSchema = profileBase.extend({
  municipality: z.string().nullable(),
  availabilityMonths: z.array(z.number().int()),
  skills: z.string(),
  cultures: z.array(z.string()),
  groupLeader: z.boolean(),
  groupSize: z.number().int(),
  transportOrganised: z.boolean(),
  willingToTravel: z.boolean(),
});
export type WorkerProfile = z.infer<typeof workerProfileSchema>;

export const estateProfileSchema = profileBase.extend({
  estateName: z.string(),
  municipality: z.string(),
  bpg: z.string(),
  pib: z.string().nullable(),
  primaryIndustry: primaryIndustrySchema,
  cultureTypes: z.array(z.string()),
  size: estateSizeSchema,
  description: z.string(),
  /** An admin checked the BPG and PIB against the public registry. */
  verified: z.boolean(),
});
export type EstateProfile = z.infer<typeof estateProfileSchema>;

/** PUT /workers/{id}: only the fields present change. */
export const updateWorkerProfileSchema = z
  .object({
    municipality: accountMunicipalitySchema.optional(),
    availabilityMonths: availabilityMonthsSchema.optional(),
    skills: workerSkillsSchema.optional(),
    cultures: workerProfileCulturesSchema.optional(),
  })
  .strict();
export type UpdateWorkerProfile = z.infer<typeof updateWorkerProfileSchema>;

/** PUT /estates/{id}: types (culture types), size, description — only the fields present change. */
export const updateEstateProfileSchema = z
  .object({
    cultureTypes: cultureTypesSchema.optional(),
    size: estateSizeSchema.optional(),
    description: estateDescriptionSchema.optional(),
  })
  .strict();
export type UpdateEstateProfile = z.infer<typeof updateEstateProfileSchema>;

export const photoResultSchema = z.object({ photoUrl: z.string() });
