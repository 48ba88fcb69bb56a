import { z } from 'zod';
import {
  genderSchema,
  languageSchema,
  primaryIndustrySchema,
  regionSchema,
  roleSchema,
  estateSizeSchema,
  userStatusSchema,
} from '../enums';
import { parsePhone, phoneCountries } from '../phone';
import {
  BPG_DIGITS,
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  MIN_AGE_YEARS,
  NAME_MAX,
  PASSWORD_MIN,
  PIB_DIGITS,
  PROFILE_DESCRIPTION_MAX,
  SEARCH_MIN,
  SKILLS_MAX,
} from '../limits';
import { isoDateSchema, pageOf, pagingSchema, uuidV4Schema } from '../common';
import { isKnownCrop, isKnownMunicipality, isValidPib } from '../reference';
import type { Region } from '../enums';

/**
 * Request and response schemas of the auth service (spec §3, §5, §7). Every rule of spec §5 that
 * concerns accounts lives here once; the web's forms validate with the same schemas.
 *
 * Composition: the sign-up forms are split into steps on the web, so each step is exported as a plain
 * object of fields (`…Fields`, freely `.extend`/`.pick`-able) and as a checked schema (`…StepSchema`)
 * that adds the cross-field rules (password confirmation, phone for its country, age).
 */

// ── Limits that are not business constants of spec §9 (technical bounds) ───────────────────────────
/** Longest password accepted (argon2 input bound; not a product rule). */
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const BAN_REASON_MAX = 500;
export const CULTURE_TYPES_MAX = 30;
export const AVAILABILITY_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** Error codes of the auth area; `message` carries the spec §8 English text, the web translates the code. */
export const authErrorCodes = {
  EMAIL_EXISTS: 'AUTH.EMAIL_EXISTS',
  PHONE_EXISTS: 'AUTH.PHONE_EXISTS',
  INVALID_CREDENTIALS: 'AUTH.INVALID_CREDENTIALS',
  EMAIL_NOT_VERIFIED: 'AUTH.EMAIL_NOT_VERIFIED',
  BANNED: 'AUTH.BANNED',
  TOO_MANY_ATTEMPTS: 'AUTH.TOO_MANY_ATTEMPTS',
  EMAIL_CONFIRMATION_FAILED: 'AUTH.EMAIL_CONFIRMATION_FAILED',
  EMAIL_NOT_FOUND: 'AUTH.EMAIL_NOT_FOUND',
  RESET_LINK_INVALID: 'AUTH.RESET_LINK_INVALID',
  WRONG_CURRENT_PASSWORD: 'AUTH.WRONG_CURRENT_PASSWORD',
  SESSION_EXPIRED: 'AUTH.SESSION_EXPIRED',
  PROFILE_UPDATE_ERROR: 'AUTH.PROFILE_UPDATE_ERROR',
  PHOTO_UPLOAD_ERROR: 'AUTH.PHOTO_UPLOAD_ERROR',
  USER_NOT_FOUND: 'AUTH.USER_NOT_FOUND',
  ALREADY_BANNED: 'AUTH.ALREADY_BANNED',
  NOT_BANNED: 'AUTH.NOT_BANNED',
  CANNOT_BAN_ADMIN: 'AUTH.CANNOT_BAN_ADMIN',
} as const;

/** The spec §8 texts (and a few of ours) answered as `message`. */
export const authErrorMessages = {
  EMAIL_EXISTS: 'email already exists',
  PHONE_EXISTS: 'phone already exists',
  INVALID_CREDENTIALS: 'password or email is incorrect',
  EMAIL_NOT_VERIFIED: 'email not confirmed',
  BANNED: 'user is banned',
  TOO_MANY_ATTEMPTS: 'too many failed attempts, try again later',
  EMAIL_CONFIRMATION_FAILED: 'email confirmation failed',
  EMAIL_NOT_FOUND: 'email not found',
  RESET_LINK_INVALID: 'password update error',
  WRONG_CURRENT_PASSWORD: 'password update error',
  SESSION_EXPIRED: 'session expired',
  PROFILE_UPDATE_ERROR: 'profile update error',
  PHOTO_UPLOAD_ERROR: 'photo upload error',
  USER_NOT_FOUND: 'user not found',
  ALREADY_BANNED: 'user is already banned',
  NOT_BANNED: 'user is not banned',
  CANNOT_BAN_ADMIN: 'an admin cannot be banned',
} as const;

// ── Pure rules (shared by schemas, server and web) ──────────────────────────────────────────────────

/** The phone in E.164 when it is a valid number of the chosen phone country, otherwise null. */
export function normalizePhone(phone: string, phoneCountry: string): string | null {
  if (!(phoneCountries as readonly string[]).includes(phoneCountry)) return null;
  const parsed = parsePhone(phone, phoneCountry as Region);
  if (!parsed || !parsed.isValid() || parsed.country !== phoneCountry) return null;
  return parsed.number;
}

/** Age in whole years on `today` (YYYY-MM-DD strings, calendar arithmetic, no time zones). */
export function ageInYears(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

export const isoToday = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** True when the person is at least MIN_AGE_YEARS old on `today`. */
export const isOldEnough = (dateOfBirth: string, today: string = isoToday()) =>
  ageInYears(dateOfBirth, today) >= MIN_AGE_YEARS;

// ── Field schemas ───────────────────────────────────────────────────────────────────────────────────

export const accountEmailSchema = z
  .string({ message: 'email is required' })
  .trim()
  .toLowerCase()
  .min(1, { message: 'email is required' })
  .max(EMAIL_MAX, { message: 'email is too long' })
  .pipe(z.email({ message: 'must be a valid email' }));

export const accountPasswordSchema = z
  .string({ message: 'password is required' })
  .min(PASSWORD_MIN, { message: `must have at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { message: `must have at most ${PASSWORD_MAX} characters` });

const requiredText = (what: string, max = NAME_MAX) =>
  z
    .string({ message: `${what} is required` })
    .trim()
    .min(1, { message: `${what} is required` })
    .max(max, { message: `${what} must have at most ${max} characters` });

/** A municipality (county) name from the shared list of the user's region (checked with the region: checkMunicipality). */
export const accountMunicipalitySchema = requiredText('municipality', 100);
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
  .refine((months) => new Set(months).size === months.length, { message: 'months must not repeat' });
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
  .regex(new RegExp(`^\\d{${BPG_DIGITS}}$`), { message: `BPG must have exactly ${BPG_DIGITS} digits` });
export const pibSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${PIB_DIGITS}}$`), { message: `PIB must have exactly ${PIB_DIGITS} digits` })
  .refine(isValidPib, { message: 'PIB check digit is not valid' });
/** Culture types are crop ids of the shared list (`crops` in contracts/reference). */
export const cultureTypesSchema = z
  .array(z.string().refine(isKnownCrop, { message: 'unknown culture type' }), {
    message: 'culture type is required',
  })
  .min(1, { message: 'culture type is required' })
  .max(CULTURE_TYPES_MAX);
/**
 * The worker's cultures (spec §3 worker profile "culture"): crops from the reference list. Optional
 * at sign-up (spec §5 does not ask for them there); the profile requires at least one (spec §5).
 */
export const workerCulturesSchema = z
  .array(z.string().refine(isKnownCrop, { message: 'unknown culture' }))
  .max(CULTURE_TYPES_MAX, { message: `at most ${CULTURE_TYPES_MAX} cultures` });
export const workerProfileCulturesSchema = workerCulturesSchema.min(1, { message: 'culture is required' });
export const estateDescriptionSchema = z
  .string({ message: 'description is required' })
  .trim()
  .min(1, { message: 'description is required' })
  .max(PROFILE_DESCRIPTION_MAX, {
    message: `description must have at most ${PROFILE_DESCRIPTION_MAX} characters`,
  });
export const dateOfBirthSchema = isoDateSchema;

// ── Cross-field rules, applied to any object that has the fields ───────────────────────────────────

interface CheckContext {
  addIssue(issue: { code: 'custom'; message: string; path: (string | number)[] }): void;
}

/** password === confirmPassword (when both fields are part of the object). */
export function checkPasswordConfirmation(
  value: { password?: unknown; confirmPassword?: unknown },
  ctx: CheckContext,
) {
  if (typeof value.password === 'string' && value.confirmPassword !== value.password) {
    ctx.addIssue({ code: 'custom', message: 'passwords do not match', path: ['confirmPassword'] });
  }
}

export function checkPhoneForCountry(value: { phone?: unknown; phoneCountry?: unknown }, ctx: CheckContext) {
  if (typeof value.phone !== 'string' || typeof value.phoneCountry !== 'string') return;
  if (!normalizePhone(value.phone, value.phoneCountry)) {
    ctx.addIssue({
      code: 'custom',
      message: 'phone is not a valid number for the chosen country',
      path: ['phone'],
    });
  }
}

export function checkAge(value: { dateOfBirth?: unknown }, ctx: CheckContext) {
  if (typeof value.dateOfBirth !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value.dateOfBirth)) return;
  if (value.dateOfBirth > isoToday()) {
    ctx.addIssue({ code: 'custom', message: 'date of birth is in the future', path: ['dateOfBirth'] });
  } else if (!isOldEnough(value.dateOfBirth)) {
    ctx.addIssue({
      code: 'custom',
      message: `must be at least ${MIN_AGE_YEARS} years old`,
      path: ['dateOfBirth'],
    });
  }
}

export function checkGroupLeader(value: { groupLeader?: unknown; groupSize?: unknown }, ctx: CheckContext) {
  if (value.groupLeader === true && value.groupSize === undefined) {
    ctx.addIssue({
      code: 'custom',
      message: 'number of people is required for a group leader',
      path: ['groupSize'],
    });
  }
}

/** The municipality must be on the shared list of the region (Serbia when no region is given). */
export function checkMunicipality(value: { municipality?: unknown; region?: unknown }, ctx: CheckContext) {
  if (typeof value.municipality !== 'string') return;
  const region = (typeof value.region === 'string' ? value.region : 'RS') as Region;
  if (!regionSchema.safeParse(region).success) return;
  if (!isKnownMunicipality(value.municipality.trim(), region)) {
    ctx.addIssue({ code: 'custom', message: 'unknown municipality for the region', path: ['municipality'] });
  }
}

/** Every cross-field rule of sign-up; a rule is skipped when its fields are not in the object. */
export function checkSignupRules(value: Record<string, unknown>, ctx: CheckContext) {
  checkPasswordConfirmation(value, ctx);
  checkPhoneForCountry(value, ctx);
  checkAge(value, ctx);
  checkGroupLeader(value, ctx);
  checkMunicipality(value, ctx);
}

// ── Sign-up (POST /signup-worker, /signup-estate) ───────────────────────────────────────────────────

/** Step "email and password" (+ terms). */
export const accountFields = z.object({
  email: accountEmailSchema,
  password: accountPasswordSchema,
  confirmPassword: z
    .string({ message: 'confirmation is required' })
    .min(1, { message: 'confirmation is required' }),
  termsAccepted: z.literal(true, { message: 'terms must be accepted' }),
});

/** Step "basic info": personal details. `phoneCountry` is the ISO code of the phone's country. */
export const personalFields = z.object({
  firstName: requiredText('first name'),
  lastName: requiredText('last name'),
  phone: z.string({ message: 'phone is required' }).trim().min(1, { message: 'phone is required' }).max(30),
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
  groupLeader: z.boolean({ message: 'group leader choice is required' }),
  /** People a leader brings (5–200); required when groupLeader, ignored otherwise. */
  groupSize: groupSizeSchema.optional(),
  transportOrganised: z.boolean({ message: 'transport choice is required' }),
  willingToTravel: z.boolean({ message: 'travel choice is required' }),
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

// ── Login, e-mail confirmation, passwords ───────────────────────────────────────────────────────────

export const loginSchema = z.object({
  email: accountEmailSchema,
  password: z
    .string({ message: 'password is required' })
    .min(1, { message: 'password is required' })
    .max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;
export const loginResultSchema = z.object({ token: z.string(), userId: uuidV4Schema });

const linkTokenSchema = z
  .string({ message: 'token is required' })
  .trim()
  .min(1, { message: 'token is required' })
  .max(200);
/** POST /verify-email: the link's token, in the body or as the bearer token (spec §7). */
export const verifyEmailSchema = z.object({ token: linkTokenSchema });
export const resetPasswordSchema = z.object({ email: accountEmailSchema });
export const newPasswordFields = z.object({
  password: accountPasswordSchema,
  confirmPassword: z
    .string({ message: 'confirmation is required' })
    .min(1, { message: 'confirmation is required' }),
});
export const setNewPasswordSchema = newPasswordFields
  .extend({ token: linkTokenSchema })
  .superRefine(checkPasswordConfirmation);
export const newPasswordFormSchema = newPasswordFields.superRefine(checkPasswordConfirmation);
export const changePasswordSchema = newPasswordFields
  .extend({
    currentPassword: z
      .string({ message: 'current password is required' })
      .min(1, { message: 'current password is required' })
      .max(PASSWORD_MAX),
  })
  .superRefine(checkPasswordConfirmation);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const dontShowGuidanceSchema = z.object({ dontShowGuidance: z.boolean().default(true) });

/** GET /users/me: who is signed in, for every role (the admin has no profile), with the guidance choice. */
export const currentUserSchema = z.object({
  id: uuidV4Schema,
  role: roleSchema,
  email: z.string(),
  fullName: z.string(),
  language: languageSchema,
  dontShowGuidance: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

// ── Profiles ────────────────────────────────────────────────────────────────────────────────────────

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

// ── Admin ───────────────────────────────────────────────────────────────────────────────────────────

export const adminUserSortSchema = z.enum(['date', 'name']);
export const adminUserStatusFilterSchema = z.enum(['all', 'Active', 'Banned']);

/** POST /admin/users/all: search (≥ SEARCH_MIN characters, name/phone/email), sort, status filter, paging. */
export const adminUsersQuerySchema = pagingSchema.extend({
  search: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .min(SEARCH_MIN, { message: `search must have at least ${SEARCH_MIN} characters` })
        .max(100)
        .optional(),
    ),
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
});
export type AdminUserItem = z.infer<typeof adminUserItemSchema>;
export const adminUsersPageSchema = pageOf(adminUserItemSchema);

export const banUserSchema = z.object({
  reason: z
    .string({ message: 'reason is required' })
    .trim()
    .min(1, { message: 'reason is required' })
    .max(BAN_REASON_MAX),
});

/** GET /internal/token-states: what the gateway's replica starts from. */
export const tokenStateSchema = z.object({
  userId: z.uuid(),
  tokenVersion: z.number().int().min(0),
  banned: z.boolean(),
});
export const tokenStatesSchema = z.array(tokenStateSchema);
export type TokenState = z.infer<typeof tokenStateSchema>;

export const authApi = {
  signupWorker: signupWorkerSchema,
  signupEstate: signupEstateSchema,
  signupResult: signupResultSchema,
  login: loginSchema,
  loginResult: loginResultSchema,
  verifyEmail: verifyEmailSchema,
  resetPassword: resetPasswordSchema,
  setNewPassword: setNewPasswordSchema,
  changePassword: changePasswordSchema,
  dontShowGuidance: dontShowGuidanceSchema,
  currentUser: currentUserSchema,
  workerProfile: workerProfileSchema,
  estateProfile: estateProfileSchema,
  updateWorkerProfile: updateWorkerProfileSchema,
  updateEstateProfile: updateEstateProfileSchema,
  photoResult: photoResultSchema,
  adminUsersQuery: adminUsersQuerySchema,
  adminUsersPage: adminUsersPageSchema,
  banUser: banUserSchema,
  tokenStates: tokenStatesSchema,
} satisfies Record<string, z.ZodType>;
