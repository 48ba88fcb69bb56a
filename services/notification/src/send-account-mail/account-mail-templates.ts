import { inScript, toCyrillic, type Language } from '@moba/contracts';
import { escapeHtml, type Mail } from '../mail/mailer';

export type AccountMailKind = 'verifyEmail' | 'resetPassword';

interface Texts {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  button: string;
  fallback: string;
  expires: (when: string) => string;
  ignore: string;
  signature: string;
}

const written: Record<AccountMailKind, Record<Exclude<Language, 'sr-Cyrl'>, Texts>> = {
  verifyEmail: {
    sr: {
      subject: 'Potvrdite vašu e-mail adresu — Moba',
      greeting: (name) => `Zdravo ${name},`,
      body: 'hvala što ste se registrovali na Mobu. Potvrdite vašu e-mail adresu klikom na dugme ispod.',
      button: 'Potvrdi e-mail adresu',
      fallback: 'Ako dugme ne radi, otvorite ovaj link:',
      expires: (when) => `Link važi do ${when}.`,
      ignore: 'Ako se niste registrovali, zanemarite ovu poruku.',
      signature: 'Vaš Moba tim',
    },
    en: {
      subject: 'Confirm your e-mail address — Moba',
      greeting: (name) => `Hello ${name},`,
      body: 'thank you for signing up to Moba. Please confirm your e-mail address with the button below.',
      button: 'Confirm e-mail address',
      fallback: 'If the button does not work, open this link:',
      expires: (when) => `The link is valid until ${when}.`,
      ignore: 'If you did not sign up, please ignore this message.',
      signature: 'Your Moba team',
    },
  },
  resetPassword: {
    sr: {
      subject: 'Promena lozinke — Moba',
      greeting: (name) => `Zdravo ${name},`,
      body: 'primili smo zahtev za promenu vaše lozinke. Novu lozinku postavite klikom na dugme ispod.',
      button: 'Postavi novu lozinku',
      fallback: 'Ako dugme ne radi, otvorite ovaj link:',
      expires: (when) => `Link važi do ${when}.`,
      ignore: 'Ako niste tražili promenu lozinke, zanemarite ovu poruku; lozinka ostaje ista.',
      signature: 'Vaš Moba tim',
    },
    en: {
      subject: 'Reset your password — Moba',
      greeting: (name) => `Hello ${name},`,
      body: 'we received a request to reset your password. Set a new password with the button below.',
      button: 'Set a new password',
      fallback: 'If the button does not work, open this link:',
      expires: (when) => `The link is valid until ${when}.`,
      ignore: 'If you did not ask for a reset, please ignore this message; your password stays the same.',
      signature: 'Your Moba team',
    },
  },
};

/** The Cyrillic mail is the Latin one converted, so the two never say different things. */
function inCyrillic(t: Texts): Texts {
  return {
    subject: toCyrillic(t.subject),
    greeting: (name) => toCyrillic(t.greeting(name)),
    body: toCyrillic(t.body),
    button: toCyrillic(t.button),
    fallback: toCyrillic(t.fallback),
    expires: (when) => toCyrillic(t.expires(when)),
    ignore: toCyrillic(t.ignore),
    signature: toCyrillic(t.signature),
  };
}

const textsOf = (kind: AccountMailKind, language: Language): Texts =>
  language === 'sr-Cyrl' ? inCyrillic(written[kind].sr) : written[kind][language];

const dateLocales: Record<Language, string> = { sr: 'sr-Latn-RS', 'sr-Cyrl': 'sr-Cyrl-RS', en: 'en-GB' };

const formatExpiry = (iso: string | undefined, language: Language) => {
  if (!iso) return undefined;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Intl.DateTimeFormat(dateLocales[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Belgrade',
  }).format(date);
};

/** A sign-up confirmation or password-reset mail in the user's language and script (sr by default), text and HTML. */
export function accountMail(
  kind: AccountMailKind,
  facts: { email: string; fullName: string; link: string; expiresAt?: string; language?: Language },
): Mail {
  const language: Language = facts.language ?? 'sr';
  const t = textsOf(kind, language);
  const expiry = formatExpiry(facts.expiresAt, language);
  // The name as typed may be in the other script: "Zdravo Милена" must read "Zdravo Milena".
  const name = inScript(facts.fullName, language === 'sr-Cyrl' ? 'Cyrl' : 'Latn');
  const text = [
    t.greeting(name),
    '',
    t.body,
    '',
    `${t.button}: ${facts.link}`,
    ...(expiry ? ['', t.expires(expiry)] : []),
    '',
    t.ignore,
    '',
    t.signature,
  ].join('\n');
  const link = escapeHtml(facts.link);
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(t.subject)}</title></head>
<body style="font-family:Arial,sans-serif;color:#111;background:#fff;line-height:1.5">
<p>${escapeHtml(t.greeting(name))}</p>
<p>${escapeHtml(t.body)}</p>
<p><a href="${link}" style="display:inline-block;padding:12px 20px;background:#1b5e20;color:#fff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(t.button)}</a></p>
<p>${escapeHtml(t.fallback)}<br><a href="${link}">${link}</a></p>
${expiry ? `<p>${escapeHtml(t.expires(expiry))}</p>` : ''}
<p style="color:#555">${escapeHtml(t.ignore)}</p>
<p>${escapeHtml(t.signature)}</p>
</body></html>`;
  return { to: facts.email, subject: t.subject, text, html };
}
