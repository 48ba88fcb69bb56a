import {
  adminUsersPageSchema,
  adminUsersQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  estateVerificationResultSchema,
  estateVerificationSchema,
  banUserSchema,
  changePasswordSchema,
  currentUserSchema,
  dontShowGuidanceSchema,
  languageChoiceSchema,
  estateProfileSchema,
  loginResultSchema,
  loginSchema,
  okSchema,
  photoResultSchema,
  resetPasswordSchema,
  setNewPasswordSchema,
  signupEstateSchema,
  signupResultSchema,
  signupWorkerSchema,
  updateEstateProfileSchema,
  updateWorkerProfileSchema,
  verifyEmailSchema,
  workerProfileSchema,
} from '@moba/contracts';
import { route } from './route';

/**
 * Auth service: the gateway checks the token and coarse role; the service checks them again against
 * the account's current tokenVersion and ban state, and enforces ownership. /internal/token-states is
 * deliberately absent (service-to-service only).
 */
export const authRoutes = [
  route('POST', '/login', 'auth', 'public', {
    refusals: [401, 403],
    rateLimit: 'login',
    body: loginSchema,
    response: loginResultSchema,
    summary:
      "Credentials → {token, userId}; every credential failure answers 'password or email is incorrect'",
  }),
  route('POST', '/verify-email', 'auth', 'public', {
    rateLimit: 'reset',
    body: verifyEmailSchema,
    response: okSchema,
    summary:
      "Confirms the e-mail with the link's single-use token (body {token} or bearer); used/expired → 'email confirmation failed'",
  }),
  route('POST', '/reset-password', 'auth', 'public', {
    refusals: [404],
    rateLimit: 'reset',
    body: resetPasswordSchema,
    response: okSchema,
    summary: "Mails a single-use reset link; unknown e-mail → 'email not found'",
  }),
  route('POST', '/set-new-password', 'auth', 'public', {
    rateLimit: 'reset',
    body: setNewPasswordSchema,
    response: okSchema,
    summary: 'Sets a new password with the reset token; every existing session ends',
  }),
  route('POST', '/signup-estate', 'auth', 'public', {
    status: 201,
    refusals: [409],
    rateLimit: 'signup',
    body: signupEstateSchema,
    response: signupResultSchema,
    summary: 'Registers an estate; the confirmation link is mailed',
  }),
  route('POST', '/signup-worker', 'auth', 'public', {
    status: 201,
    refusals: [409],
    rateLimit: 'signup',
    body: signupWorkerSchema,
    response: signupResultSchema,
    summary: 'Registers a worker; the confirmation link is mailed',
  }),
  route('POST', '/users/me/dont-show-guidance', 'auth', 'user', {
    body: dontShowGuidanceSchema,
    summary: 'Stores the first-login guidance choice (default true); the profile returns it',
  }),
  route('POST', '/users/me/language', 'auth', 'user', {
    body: languageChoiceSchema,
    response: languageChoiceSchema,
    summary: "Stores the language and script (sr, sr-Cyrl, en) the user's mails are written in",
  }),
  route('GET', '/users/me', 'auth', 'user', {
    response: currentUserSchema,
    summary:
      'The signed-in account of any role (id, role, e-mail, name, language) with the first-login guidance choice',
  }),
  route('POST', '/users/me/password', 'auth', 'user', {
    rateLimit: 'login',
    body: changePasswordSchema,
    response: okSchema,
    summary: 'Changes the password (current one required); every existing token stops working',
  }),
  route('POST', '/logout', 'auth', 'user', {
    response: okSchema,
    summary: 'Ends this session on the server: its token is refused from now on and its live socket closes',
  }),
  route('POST', '/users/me/logout-everywhere', 'auth', 'user', {
    response: okSchema,
    summary: 'Ends every session of the account (every device): all its tokens are refused from now on',
  }),
  route('GET', '/estates/me', 'auth', ['Estate'], {
    response: estateProfileSchema,
    summary: "The estate's own profile",
  }),
  route('GET', '/workers/me', 'auth', ['Worker'], {
    response: workerProfileSchema,
    summary: "The worker's own profile",
  }),
  route('PUT', '/estates/:id', 'auth', ['Estate'], {
    ownsObject: true,
    body: updateEstateProfileSchema,
    response: estateProfileSchema,
    summary: "Changes the estate's culture types, size, description (only fields present); own profile only",
  }),
  route('PUT', '/workers/:id', 'auth', ['Worker'], {
    ownsObject: true,
    body: updateWorkerProfileSchema,
    response: workerProfileSchema,
    summary:
      "Changes the worker's municipality, availability, skills (only fields present); own profile only",
  }),
  route('POST', '/users/me/photo', 'auth', ['Worker', 'Estate'], {
    response: photoResultSchema,
    summary: "multipart/form-data, field 'photo': an image under 2 MB, re-encoded to 512×512 webp",
  }),
  route('GET', '/photos/:file', 'auth', 'public', {
    contentType: 'image/webp',
    refusals: [404],
    summary: 'A profile photo (image/webp)',
  }),
  route('POST', '/admin/users/all', 'auth', ['Admin'], {
    body: adminUsersQuerySchema,
    response: adminUsersPageSchema,
    summary:
      'Workers and estates: search (≥ 3 chars: name, phone, e-mail), sort date|name, status filter, paging',
  }),
  route('POST', '/admin/users/:id/ban', 'auth', ['Admin'], {
    refusals: [404, 409],
    body: banUserSchema,
    response: okSchema,
    summary: 'Indefinite ban with a reason; takes effect on the next call',
  }),
  route('POST', '/admin/users/:id/reactivate', 'auth', ['Admin'], {
    refusals: [404, 409],
    response: okSchema,
    summary: 'Lifts a ban',
  }),
  route('POST', '/admin/estates/:id/verify', 'auth', ['Admin'], {
    refusals: [404, 409],
    body: estateVerificationSchema,
    response: estateVerificationResultSchema,
    summary: 'Marks an estate verified (BPG and PIB checked against the public registry), with a note',
  }),
  route('POST', '/admin/estates/:id/unverify', 'auth', ['Admin'], {
    refusals: [404, 409],
    body: estateVerificationSchema,
    response: estateVerificationResultSchema,
    summary: "Revokes an estate's verification, with a note",
  }),
  route('POST', '/admin/audit', 'auth', ['Admin'], {
    body: auditQuerySchema,
    response: auditPageSchema,
    summary:
      'The append-only admin audit log, newest first: search (≥ 3 chars: admin, target, id), action, target id, paging',
  }),
];
