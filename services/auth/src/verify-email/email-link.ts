import { commandTopics, SendVerificationMail } from '@moba/contracts';
import type { PendingEvent } from '@moba/platform';
import { at, type AuthContext } from '../context';
import type { LinkToken, UserDoc } from '../domain/user';
import { newLinkToken } from '../domain/secrets';

/** A fresh confirmation link for the user and the private command that has it mailed (never on auth.v1). */
export function emailLinkFor(
  ctx: AuthContext,
  user: Pick<UserDoc, '_id' | 'email' | 'fullName' | 'language'>,
): { link: LinkToken; event: PendingEvent } {
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(
    ctx.clock.now().getTime() + ctx.config.EMAIL_LINK_TTL_HOURS * 3_600_000,
  ).toISOString();
  const link = `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/confirm-email?token=${encodeURIComponent(token)}`;
  return {
    link: { hash, expiresAt },
    event: {
      topic: commandTopics.mail,
      event: SendVerificationMail.create(
        user._id,
        {
          userId: user._id,
          email: user.email,
          fullName: user.fullName,
          link,
          expiresAt,
          language: user.language,
        },
        at(ctx),
      ),
    },
  };
}
