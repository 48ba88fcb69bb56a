import type { z } from 'zod';
import { signupEstateSchema, signupResultSchema, signupWorkerSchema } from './signup';
import {
  changePasswordSchema,
  currentUserSchema,
  dontShowGuidanceSchema,
  loginResultSchema,
  loginSchema,
  resetPasswordSchema,
  setNewPasswordSchema,
  verifyEmailSchema,
} from './session';
import {
  estateProfileSchema,
  photoResultSchema,
  updateEstateProfileSchema,
  updateWorkerProfileSchema,
  workerProfileSchema,
} from './profiles';
import { adminUsersPageSchema, adminUsersQuerySchema, banUserSchema } from './admin-users';
import { tokenStatesSchema } from './token-states';

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
