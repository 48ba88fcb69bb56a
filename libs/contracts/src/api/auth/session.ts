// Login, e-mail confirmation, passwords, and who is signed in.
import { z } from 'zod';
import { missingOr } from '../../errors';
import { languageSchema, roleSchema } from '../../enums';
import { uuidV4Schema } from '../../common';
import { accountEmailSchema, accountPasswordSchema } from './fields';
import { checkPasswordConfirmation } from './cross-field-checks';
import { PASSWORD_MAX } from './limits';

export const loginSchema = z.object({
  email: accountEmailSchema,
  password: z
    .string({ error: missingOr('password', 'text') })
    .min(1, { message: 'password is required' })
    .max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;
export const loginResultSchema = z.object({ token: z.string(), userId: uuidV4Schema });

const linkTokenSchema = z
  .string({ error: missingOr('token', 'text') })
  .trim()
  .min(1, { message: 'token is required' })
  .max(200);
/** POST /verify-email: the link's token, in the body or as the bearer token (spec §7). */
export const verifyEmailSchema = z.object({ token: linkTokenSchema });
export const resetPasswordSchema = z.object({ email: accountEmailSchema });
export const newPasswordFields = z.object({
  password: accountPasswordSchema,
  confirmPassword: z
    .string({ error: missingOr('confirmation', 'text') })
    .min(1, { message: 'confirmation is required' }),
});
export const setNewPasswordSchema = newPasswordFields
  .extend({ token: linkTokenSchema })
  .superRefine(checkPasswordConfirmation);
export const newPasswordFormSchema = newPasswordFields.superRefine(checkPasswordConfirmation);
export const changePasswordSchema = newPasswordFields
  .extend({
    currentPassword: z
      .string({ error: missingOr('current password', 'text') })
      .min(1, { message: 'current password is required' })
      .max(PASSWORD_MAX),
  })
  .superRefine(checkPasswordConfirmation);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const dontShowGuidanceSchema = z.object({ dontShowGuidance: z.boolean().default(true) });

/** POST /users/me/language: the language and script mails are written in (the UI sends its own). */
export const languageChoiceSchema = z.object({ language: languageSchema });

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
