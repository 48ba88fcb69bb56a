import {
  authErrorCodes,
  authErrorMessages,
  commandTopics,
  SendPasswordResetMail,
  EmailVerified,
  PasswordChanged,
  topics,
} from '@moba/contracts';
import { AppError, pushEvents, type PendingEvent } from '@moba/platform';
import { at, nowIso, type AuthContext } from '../context';
import { hashLinkToken, hashPassword } from '../domain/secrets';
import { bannedError } from '../domain/errors';
import { mailedLink } from '../mailed-link';

const linkInvalid = () =>
  new AppError(authErrorCodes.RESET_LINK_INVALID, authErrorMessages.RESET_LINK_INVALID);

/** Mails a single-use reset link; an unknown e-mail answers 'email not found' (spec §8). */
export async function requestPasswordReset(ctx: AuthContext, email: string): Promise<{ ok: true }> {
  const user = await ctx.users.findOne({ email });
  if (!user) throw new AppError(authErrorCodes.EMAIL_NOT_FOUND, authErrorMessages.EMAIL_NOT_FOUND);
  // A banned user must not lift the ban by changing the password (PasswordChanged clears ban state downstream).
  if (user.banned) throw bannedError(user);
  const { link, mail } = mailedLink(ctx, user, 'new-password', ctx.config.RESET_LINK_TTL_MINUTES * 60_000);
  await ctx.users.updateOne(
    { _id: user._id },
    pushEvents({ $set: { resetLink: link } }, [
      { topic: commandTopics.mail, event: SendPasswordResetMail.create(user._id, mail, at(ctx)) },
    ]),
  );
  ctx.relay.kick();
  return { ok: true };
}

/** Sets the new password of a reset link; the link works once; every existing session ends. */
export async function setNewPassword(
  ctx: AuthContext,
  token: string,
  password: string,
): Promise<{ ok: true }> {
  const hash = hashLinkToken(token);
  const now = nowIso(ctx);
  const user = await ctx.users.findOne({ 'resetLink.hash': hash });
  if (!user || !user.resetLink || user.resetLink.expiresAt <= now) throw linkInvalid();
  if (user.banned) throw bannedError(user);
  const passwordHash = await hashPassword(password, {
    memoryCost: ctx.config.ARGON2_MEMORY_KIB,
    timeCost: ctx.config.ARGON2_TIME_COST,
  });
  const tokenVersion = user.tokenVersion + 1;
  const events: PendingEvent[] = [
    {
      topic: topics.auth,
      event: PasswordChanged.create(user._id, { userId: user._id, tokenVersion }, at(ctx)),
    },
  ];
  // Following the mailed link proves the address too.
  if (!user.emailVerified)
    events.push({ topic: topics.auth, event: EmailVerified.create(user._id, { userId: user._id }, at(ctx)) });
  const updated = await ctx.users.updateOne(
    { _id: user._id, 'resetLink.hash': hash, tokenVersion: user.tokenVersion },
    pushEvents(
      {
        $set: { passwordHash, tokenVersion, emailVerified: true, failedLogins: [], updatedAt: now },
        $unset: { resetLink: true, emailLink: true },
      },
      events,
    ),
  );
  if (updated === 0) throw linkInvalid();
  ctx.relay.kick();
  return { ok: true };
}
