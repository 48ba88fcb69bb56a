// Sign-up (POST /signup-worker, /signup-estate).
import { z } from 'zod';
import { rule, missingOr } from '../../errors';
import {
  genderSchema,
  languageSchema,
  primaryIndustrySchema,
  regionSchema,
  estateSizeSchema,
} from '../../enums';
import { uuidV4Schema } from '../../common';
import {
  accountEmailSchema,
  accountMunicipalitySchema,
  accountPasswordSchema,
  availabilityMonthsSchema,
  bpgSchema,
  cultureTypesSchema,
  dateOfBirthSchema,
  groupSizeSchema,
  pibSchema,
  workerCulturesSchema,
  workerSkillsSchema,
} from './fields';
import {
  checkGroupLeader,
  checkMunicipality,
  checkPasswordConfirmation,
  checkSignupRules,
} from './cross-field-checks';
import { requiredText } from './required-text';

/** Step "email and password" (+ terms). */
export const accountFields = z.object({
  email: accountEmailSchema,
  password: accountPasswordSchema,
  confirmPassword: z
    .string({ error: missingOr('confirmation', 'text') })
    .min(1, { message: 'confirmation is required' }),
  termsAccepted: z
    .boolean()
    .optional()
    .refine((accepted) => accepted === true, rule('terms_required', 'terms must be accepted'))
    .transform((): true => true),
});

/** Step "basic info": personal details. `phoneCountry` is the ISO code of the phone's country. */
export const personalFields = z.object({
  firstName: requiredText('first name'),
  lastName: requiredText('last name'),
  phone: z
    .string({ error: missingOr('phone', 'text') })
    .trim()
    .min(1, { message: 'phone is required' })
    .max(30),
  phoneCountry: regionSchema,
  dateOfBirth: dateOfBirthSchema,
  gender: genderSchema,
  region: regionSchema,
  language: languageSchema.default('sr'),
});

/** Worker steps: month availability and work details. */
export const workerAvailabilityFields = z.object({ availabilityMonths: availabilityMonthsSchema });
export const workerDetailsFields = z.object({
  municipality: accountMunicipalitySchema.optional(),
  skills: workerSkillsSchema.default(''),
  cultures: workerCulturesSchema.default([]),
  groupLeader: z.boolean({ error: missingOr('group leader choice', 'true or false') }),
  /** People a leader brings (5–200); required when groupLeader, ignored otherwise. */
  groupSize: groupSizeSchema.optional(),
  transportOrganised: z.boolean({ error: missingOr('transport choice', 'true or false') }),
  willingToTravel: z.boolean({ error: missingOr('travel choice', 'true or false') }),
});

/** Estate step: the estate itself. */
export const estateFields = z.object({
  estateName: requiredText('estate name', 100),
  municipality: accountMunicipalitySchema,
  bpg: bpgSchema,
  pib: pibSchema.optional(),
  primaryIndustry: primaryIndustrySchema,
  cultureTypes: cultureTypesSchema,
  size: estateSizeSchema,
});

export const accountStepSchema = accountFields.superRefine(checkPasswordConfirmation);
export const personalStepSchema = personalFields.superRefine(checkSignupRules);
export const workerAvailabilityStepSchema = workerAvailabilityFields;
export const workerDetailsStepSchema = workerDetailsFields.superRefine((v, ctx) => {
  checkGroupLeader(v, ctx);
  checkMunicipality(v, ctx);
});
export const estateStepSchema = estateFields.superRefine(checkMunicipality);
/** The /basic-info-registration screen: personal details with e-mail, password and terms. */
export const basicInfoFields = personalFields.extend(accountFields.shape);
export const basicInfoStepSchema = basicInfoFields.superRefine(checkSignupRules);

export const signupWorkerFields = accountFields
  .extend(personalFields.shape)
  .extend(workerAvailabilityFields.shape)
  .extend(workerDetailsFields.shape);
export const signupEstateFields = accountFields.extend(personalFields.shape).extend(estateFields.shape);
export const signupWorkerSchema = signupWorkerFields.superRefine(checkSignupRules);
export const signupEstateSchema = signupEstateFields.superRefine(checkSignupRules);
export type SignupWorkerInput = z.input<typeof signupWorkerSchema>;
export type SignupWorker = z.infer<typeof signupWorkerSchema>;
export type SignupEstateInput = z.input<typeof signupEstateSchema>;
export type SignupEstate = z.infer<typeof signupEstateSchema>;

export const signupResultSchema = z.object({ userId: uuidV4Schema });
