import type { Language } from '@moba/contracts';
import type { Mailer } from '../mail/mailer';
import { accountMail, type AccountMailKind } from './account-mail-templates';

/** Sends the sign-up confirmation or password-reset mail asked for by the auth service. */
export async function sendAccountMail(
  mailer: Mailer,
  kind: AccountMailKind,
  facts: { email: string; fullName: string; link: string; expiresAt?: string; language?: Language },
) {
  await mailer.send(accountMail(kind, facts));
}
