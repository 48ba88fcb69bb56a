import { commandTopics, SendVerificationMail } from '@moba/contracts';
import type { PendingEvent } from '@moba/platform';
import { at, type AuthContext } from './context';
import type { LinkToken, UserDoc } from './domain/user';
import { mailedLink } from './mailed-link';

/** A fresh confirmation link for the user and the private command that has it mailed (never on auth.v1). */
export function emailLinkFor(
  ctx: AuthContext,
  user: Pick<UserDoc, '_id' | 'email' | 'fullName' | 'language'>,
): { link: LinkToken; event: PendingEvent } {
  const { link, mail } = mailedLink(ctx, user, 'confirm-email', ctx.config.EMAIL_LINK_TTL_HOURS * 3_600_000);
  return {
    link,
    event: { topic: commandTopics.mail, event: SendVerificationMail.create(user._id, mail, at(ctx)) },
  };
}
