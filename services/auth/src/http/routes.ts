import { join } from 'node:path';
import { access } from 'node:fs/promises';
import express, { type Express, type RequestHandler } from 'express';
import multer from 'multer';
import {
  adminUsersQuerySchema,
  auditQuerySchema,
  estateVerificationSchema,
  banUserSchema,
  changePasswordSchema,
  dontShowGuidanceSchema,
  languageChoiceSchema,
  IMAGE_MAX_BYTES,
  idParamsSchema,
  loginSchema,
  resetPasswordSchema,
  setNewPasswordSchema,
  signupEstateSchema,
  signupWorkerSchema,
  updateEstateProfileSchema,
  updateWorkerProfileSchema,
  verifyEmailSchema,
} from '@moba/contracts';
import {
  AppError,
  bearerToken,
  clientKeyOf,
  notFound,
  parseInput,
  requireServiceCaller,
  userOf,
  type TokenVerifier,
} from '@moba/platform';
import { endAllSessions, endSession } from '../log-out/log-out';
import type { AuthContext } from '../context';
import { toCurrentUser, toEstateProfile, toWorkerProfile } from '../domain/user';
import { signUpEstate, signUpWorker } from '../sign-up/sign-up';
import { logIn } from '../log-in/log-in';
import { verifyEmail } from '../verify-email/verify-email';
import { requestPasswordReset, setNewPassword } from '../reset-password/reset-password';
import { changePassword } from '../change-password/change-password';
import {
  profileUpdateError,
  setGuidanceChoice,
  setLanguage,
  updateEstateProfile,
  updateWorkerProfile,
} from '../update-profile/update-profile';
import { PHOTO_FILE_PATTERN, photoUploadError, uploadPhoto } from '../upload-photo/upload-photo';
import { banUser, listUsers, reactivateUser, tokenStates } from '../manage-users/manage-users';
import { accountOf, requireAccount } from './current-user';
import { searchAuditLog } from '../keep-audit-log/keep-audit-log';
import { setEstateVerified } from '../verify-estate/verify-estate';

/** Profile input errors answer the spec §8 'profile update error' while still naming the fields. */
function parseProfile<T extends Parameters<typeof parseInput>[0]>(schema: T, body: unknown) {
  try {
    return parseInput(schema, body ?? {}, 'body') as ReturnType<typeof parseInput<T>>;
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION') throw profileUpdateError(error.details);
    throw error;
  }
}

/** Thin routers: parse with the contract schema, call the use case, answer. Paths without /api. */
export function authRoutes(
  app: Express,
  ctx: AuthContext & { photosDir: string },
  tokens: TokenVerifier,
  internalSecret: string | readonly string[],
) {
  const account = (...roles: Parameters<typeof requireAccount>[2][]) =>
    requireAccount(tokens, ctx.users, ...roles);
  const body = (req: express.Request) => req.body ?? {};

  // ── Visitors ──
  app.post('/signup-worker', async (req, res) => {
    res.status(201).json(await signUpWorker(ctx, parseInput(signupWorkerSchema, body(req), 'body')));
  });
  app.post('/signup-estate', async (req, res) => {
    res.status(201).json(await signUpEstate(ctx, parseInput(signupEstateSchema, body(req), 'body')));
  });
  app.post('/login', async (req, res) => {
    // The failed-login limit counts the client the gateway decided (CLIENT_ADDRESS_HEADER), an IPv6 client by its /64.
    res.json(await logIn(ctx, parseInput(loginSchema, body(req), 'body'), clientKeyOf(req)));
  });
  app.post('/verify-email', async (req, res) => {
    // Spec §7: the link's token comes as the bearer token; a body {token} works too.
    const input = parseInput(
      verifyEmailSchema,
      { token: body(req).token ?? bearerToken(req.header('authorization')) },
      'body',
    );
    res.json(await verifyEmail(ctx, input.token));
  });
  app.post('/reset-password', async (req, res) => {
    res.json(await requestPasswordReset(ctx, parseInput(resetPasswordSchema, body(req), 'body').email));
  });
  app.post('/set-new-password', async (req, res) => {
    const input = parseInput(setNewPasswordSchema, body(req), 'body');
    res.json(await setNewPassword(ctx, input.token, input.password));
  });
  app.get('/photos/:file', async (req, res) => {
    const file = String(req.params.file);
    if (!PHOTO_FILE_PATTERN.test(file)) throw notFound('photo');
    const path = join(ctx.photosDir, file);
    await access(path).catch(() => {
      throw notFound('photo');
    });
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    res.type('image/webp').sendFile(path);
  });

  // ── Signed-in users ──
  app.post('/users/me/password', account(), async (req, res) => {
    res.json(await changePassword(ctx, accountOf(req), parseInput(changePasswordSchema, body(req), 'body')));
  });
  app.post('/logout', account(), async (req, res) => {
    res.json(await endSession(ctx, accountOf(req), userOf(req)));
  });
  app.post('/users/me/logout-everywhere', account(), async (req, res) => {
    res.json(await endAllSessions(ctx, accountOf(req)));
  });
  app.post('/users/me/dont-show-guidance', account(), async (req, res) => {
    res.json(
      await setGuidanceChoice(
        ctx,
        accountOf(req),
        parseInput(dontShowGuidanceSchema, body(req), 'body').dontShowGuidance,
      ),
    );
  });
  app.post('/users/me/language', account(), async (req, res) => {
    res.json(
      await setLanguage(ctx, accountOf(req), parseInput(languageChoiceSchema, body(req), 'body').language),
    );
  });
  app.get('/users/me', account(), async (req, res) => {
    res.json(toCurrentUser(accountOf(req)));
  });
  app.get('/workers/me', account('Worker'), async (req, res) => {
    res.json(toWorkerProfile(accountOf(req)));
  });
  app.get('/estates/me', account('Estate'), async (req, res) => {
    res.json(toEstateProfile(accountOf(req)));
  });
  app.put('/workers/:id', account('Worker'), async (req, res) => {
    const { id } = parseInput(idParamsSchema, req.params, 'params');
    res.json(
      await updateWorkerProfile(ctx, accountOf(req), id, parseProfile(updateWorkerProfileSchema, req.body)),
    );
  });
  app.put('/estates/:id', account('Estate'), async (req, res) => {
    const { id } = parseInput(idParamsSchema, req.params, 'params');
    res.json(
      await updateEstateProfile(ctx, accountOf(req), id, parseProfile(updateEstateProfileSchema, req.body)),
    );
  });
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 10 },
  }).single('photo');
  const receivePhoto: RequestHandler = (req, res, next) =>
    upload(req, res, (error: unknown) => {
      if (!error) return next();
      const code = (error as { code?: string }).code;
      next(
        code === 'LIMIT_FILE_SIZE'
          ? photoUploadError('file_too_large', 'the image must be under 2 MB', IMAGE_MAX_BYTES + 1)
          : photoUploadError('required', 'send one image in the field "photo"'),
      );
    });
  app.post('/users/me/photo', account('Worker', 'Estate'), receivePhoto, async (req, res) => {
    res.json(await uploadPhoto(ctx, accountOf(req), req.file));
  });

  // ── Admin ──
  app.post('/admin/users/all', account('Admin'), async (req, res) => {
    res.json(await listUsers(ctx, parseInput(adminUsersQuerySchema, body(req), 'body')));
  });
  app.post('/admin/users/:id/ban', account('Admin'), async (req, res) => {
    const { id } = parseInput(idParamsSchema, req.params, 'params');
    const admin = accountOf(req);
    res.json(
      await banUser(
        ctx,
        { id: admin._id, fullName: admin.fullName },
        id,
        parseInput(banUserSchema, body(req), 'body').reason,
      ),
    );
  });
  app.post('/admin/users/:id/reactivate', account('Admin'), async (req, res) => {
    const { id } = parseInput(idParamsSchema, req.params, 'params');
    const admin = accountOf(req);
    res.json(await reactivateUser(ctx, { id: admin._id, fullName: admin.fullName }, id));
  });
  for (const [path, verified] of [
    ['/admin/estates/:id/verify', true],
    ['/admin/estates/:id/unverify', false],
  ] as const) {
    app.post(path, account('Admin'), async (req, res) => {
      const { id } = parseInput(idParamsSchema, req.params, 'params');
      const { note } = parseInput(estateVerificationSchema, body(req), 'body');
      const admin = accountOf(req);
      res.json(await setEstateVerified(ctx, { id: admin._id, fullName: admin.fullName }, id, verified, note));
    });
  }
  app.post('/admin/audit', account('Admin'), async (req, res) => {
    res.json(await searchAuditLog(ctx.auditLog, parseInput(auditQuerySchema, body(req), 'body')));
  });

  // ── Internal (never in the gateway's route table; only the gateway, by its service token) ──
  app.get('/internal/token-states', requireServiceCaller(internalSecret, 'gateway'), async (_req, res) => {
    res.json(await tokenStates(ctx));
  });
}
