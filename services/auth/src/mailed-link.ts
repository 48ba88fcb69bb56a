import type { AuthContext } from './context';
import type { LinkToken, UserDoc } from './domain/user';
import { newLinkToken } from './domain/secrets';

type Recipient = Pick<UserDoc, '_id' | 'email' | 'fullName' | 'language'>;

/**
 * A fresh single-use link to PUBLIC_URL/{page}?token=…, valid for ttlMs: the hash the user keeps and the
 * data of the mail command that carries it (confirmation and password reset mails alike).
 */
export function mailedLink(ctx: AuthContext, user: Recipient, page: string, ttlMs: number) {
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + ttlMs).toISOString();
  const link = `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/${page}?token=${encodeURIComponent(token)}`;
  const mail = {
    userId: user._id,
    email: user.email,
    fullName: user.fullName,
    link,
    expiresAt,
    language: user.language,
  };
  return { link: { hash, expiresAt } satisfies LinkToken, mail };
}
