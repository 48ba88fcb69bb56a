// Field schemas, composed into the request schemas of sign-up and profiles.
import { z } from 'zod';
import {
  BPG_DIGITS,
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  PASSWORD_MIN,
  PIB_DIGITS,
  PROFILE_DESCRIPTION_MAX,
  SKILLS_MAX,
} from '../../limits';
import { isoDateSchema } from '../../common';
import { rule, missingOr } from '../../errors';
import { findMoneyRequest } from '../../money-request';
import { canonicalOrTyped, isKnownCrop, isValidPib } from '../../reference';
import { CULTURE_TYPES_MAX, EMAIL_MAX, PASSWORD_MAX } from './limits';
import { requiredText } from './required-text';
import { EMAIL_PATTERN } from './login-check';

export const accountEmailSchema = z
  .string({ error: missingOr('email', 'text') })
  .trim()
  .toLowerCase()
  .min(1, { message: 'email is required' })
  .max(EMAIL_MAX, { message: 'email is too long' })
  .pipe(z.email({ pattern: EMAIL_PATTERN, message: 'must be a valid email' }));

export const accountPasswordSchema = z
  .string({ error: missingOr('password', 'text') })
  .min(PASSWORD_MIN, { message: `must have at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { message: `must have at most ${PASSWORD_MAX} characters` });

/** A municipality (county) name from the shared list of the user's region (checked with the region: checkMunicipality). */
export const accountMunicipalitySchema = requiredText('municipality', 100).overwrite((typed) =>
  canonicalOrTyped(typed),
);
export const availabilityMonthsSchema = z
  .array(
    z
      .number({ message: 'month must be a number 1-12' })
      .int()
      .min(1, { message: 'month must be 1-12' })
      .max(12, { message: 'month must be 1-12' }),
  )
  .min(1, { message: 'pick at least one month' })
  .max(12)
  .refine(
    (months) => new Set(months).size === months.length,
    rule('months_repeat', 'months must not repeat'),
  );
export const workerSkillsSchema = z
  .string()
  .trim()
  .max(SKILLS_MAX, { message: `skills must have at most ${SKILLS_MAX} characters` });
export const groupSizeSchema = z
  .number({ message: `must be a number ${GROUP_SIZE_MIN}-${GROUP_SIZE_MAX}` })
  .int({ message: 'must be a whole number' })
  .min(GROUP_SIZE_MIN, { message: `must be at least ${GROUP_SIZE_MIN}` })
  .max(GROUP_SIZE_MAX, { message: `must be at most ${GROUP_SIZE_MAX}` });
export const bpgSchema = z
  .string({ message: 'BPG is required' })
  .trim()
  .refine(
    (value) => new RegExp(`^\\d{${BPG_DIGITS}}$`).test(value),
    rule('bpg_digits', `BPG must have exactly ${BPG_DIGITS} digits`, BPG_DIGITS),
  );
export const pibSchema = z
  .string()
  .trim()
  .refine(
    (value) => new RegExp(`^\\d{${PIB_DIGITS}}$`).test(value),
    rule('pib_digits', `PIB must have exactly ${PIB_DIGITS} digits`, PIB_DIGITS),
  )
  .refine(isValidPib, rule('pib_check', 'PIB check digit is not valid'));
/** Culture types are crop ids of the shared list (`crops` in contracts/reference). */
export const cultureTypesSchema = z
  .array(z.string().refine(isKnownCrop, rule('unknown_crop', 'unknown culture type')), {
    message: 'culture type is required',
  })
  .min(1, { message: 'culture type is required' })
  .max(CULTURE_TYPES_MAX);
/**
 * The worker's cultures (spec §3 worker profile "culture"): crops from the reference list. Optional
 * at sign-up (spec §5 does not ask for them there); the profile requires at least one (spec §5).
 */
export const workerCulturesSchema = z
  .array(z.string().refine(isKnownCrop, rule('unknown_crop', 'unknown culture')))
  .max(CULTURE_TYPES_MAX, { message: `at most ${CULTURE_TYPES_MAX} cultures` });
export const workerProfileCulturesSchema = workerCulturesSchema.min(1, { message: 'culture is required' });
export const estateDescriptionSchema = z
  .string({ error: missingOr('description', 'text') })
  .trim()
  .min(1, { message: 'description is required' })
  .max(PROFILE_DESCRIPTION_MAX, {
    message: `description must have at most ${PROFILE_DESCRIPTION_MAX} characters`,
  })
  // workers read the estate's profile as they read its mobas: the same scam rule as a moba's text
  .refine((text) => !findMoneyRequest(text), rule('money_request', 'must not ask workers for money'));
/** An empty date says it is required (not "must be a date"). */
export const dateOfBirthSchema = z
  .string({ message: 'date of birth is required' })
  .trim()
  .min(1, { message: 'date of birth is required' })
  .pipe(isoDateSchema);
