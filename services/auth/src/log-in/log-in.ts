import { randomUUID } from 'node:crypto';
import { authErrorCodes, authErrorMessages, type LoginInput } from '@moba/contracts';
import { AppError, pushEvents } from '@moba/platform';
import { nowIso, type AuthContext } from '../context';
import { hashPassword, verifyPassword } from '../domain/secrets';
import { isLockedOut, recentFailures } from '../domain/login-failures';
import { bannedError } from '../domain/errors';
import { emailLinkFor } from '../email-link';

const badCredentials = () =>
  new AppError(authErrorCodes.INVALID_CREDENTIALS, authErrorMessages.INVALID_CREDENTIALS);

let dummyHash: Promise<string> | undefined;

/**
 * Credentials → a session token. Every credential failure answers the one message of spec §5.
 * `client` is the key the failed-login limit counts the caller under (clientKeyOf the request).
 */
export async function logIn(
  ctx: AuthContext,
  input: LoginInput,
  client = 'unknown',
): Promise<{ token: string; userId: string }> {
  const tooMany = () => new AppError(authErrorCodes.TOO_MANY_ATTEMPTS, authErrorMessages.TOO_MANY_ATTEMPTS);
  if (ctx.addressFailures.isBlocked(client, ctx.clock.now())) throw tooMany();
  const user = await ctx.users.findOne({ email: input.email });
  if (!user) {
    ctx.addressFailures.record(client, ctx.clock.now());
    // Spend the same time as a real check so the answer time does not reveal which e-mails exist.
    dummyHash ??= hashPassword('not-a-real-password', {
      memoryCost: ctx.config.ARGON2_MEMORY_KIB,
      timeCost: ctx.config.ARGON2_TIME_COST,
    });
    await verifyPassword(await dummyHash, input.password);
    throw badCredentials();
  }

  const now = ctx.clock.now();
  const windowMs = ctx.config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
  if (isLockedOut(user.failedLogins ?? [], now, windowMs, ctx.config.LOGIN_MAX_FAILURES)) {
    throw tooMany();
  }

  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const kept = recentFailures(user.failedLogins ?? [], now, windowMs);
    await ctx.users.updateOne({ _id: user._id }, { $set: { failedLogins: [...kept, now.toISOString()] } });
    ctx.addressFailures.record(client, now);
    throw badCredentials();
  }

  if ((user.failedLogins ?? []).length > 0)
    await ctx.users.updateOne({ _id: user._id }, { $set: { failedLogins: [] } });
  if (user.banned) throw bannedError(user);
  if (!user.emailVerified) {
    // The link may have expired unused: send a fresh one so the user can still confirm.
    if (!user.emailLink || user.emailLink.expiresAt <= nowIso(ctx)) {
      const { link, event } = emailLinkFor(ctx, user);
      await ctx.users.updateOne({ _id: user._id }, pushEvents({ $set: { emailLink: link } }, [event]));
      ctx.relay.kick();
    }
    throw new AppError(authErrorCodes.EMAIL_NOT_VERIFIED, authErrorMessages.EMAIL_NOT_VERIFIED);
  }

  const token = await ctx.signer.sign(
    { id: user._id, role: user.role, fullName: user.fullName, tokenVersion: user.tokenVersion },
    ctx.config.TOKEN_TTL_SECONDS,
    { sid: randomUUID() }, // the session a logout ends
  );
  return { token, userId: user._id };
}
