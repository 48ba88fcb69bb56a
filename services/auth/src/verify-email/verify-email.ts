import { authErrorCodes, authErrorMessages, EmailVerified, topics } from '@moba/contracts';
import { AppError, pushEvents } from '@moba/platform';
import { at, nowIso, type AuthContext } from '../context';
import { hashLinkToken } from '../domain/secrets';

const confirmationFailed = () =>
  new AppError(authErrorCodes.EMAIL_CONFIRMATION_FAILED, authErrorMessages.EMAIL_CONFIRMATION_FAILED);

/** Confirms the e-mail of the link's token; a used, unknown or expired token fails. */
export async function verifyEmail(ctx: AuthContext, token: string): Promise<{ ok: true }> {
  const hash = hashLinkToken(token);
  const now = nowIso(ctx);
  const user = await ctx.users.findOne({ 'emailLink.hash': hash });
  if (!user || !user.emailLink || user.emailLink.expiresAt <= now) throw confirmationFailed();
  // The hash in the filter makes the link single-use even under concurrent calls.
  const updated = await ctx.users.updateOne(
    { _id: user._id, 'emailLink.hash': hash },
    pushEvents({ $set: { emailVerified: true, updatedAt: now }, $unset: { emailLink: true } }, [
      { topic: topics.auth, event: EmailVerified.create(user._id, { userId: user._id }, at(ctx)) },
    ]),
  );
  if (updated === 0) throw confirmationFailed();
  ctx.relay.kick();
  return { ok: true };
}
