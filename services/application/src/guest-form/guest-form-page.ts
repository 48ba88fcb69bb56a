import { SMS_REPLY_NUMBER, type GuestSignupRequest } from '@moba/contracts';
import { toCyrillic } from '@moba/contracts/script';

/**
 * The guest application for a browser without JavaScript: the home page's form posts here
 * form-encoded, and the answer is a page (thank you, or the form again with its errors), in the
 * reader's language. With JavaScript the same form posts JSON and the app shows the result itself.
 */
/** Each language and its pre-rendered home page (the web's paths.home and paths.homeIn). */
const homes = { 'sr-Latn': '/', 'sr-Cyrl': '/sr-Cyrl', en: '/en' } as const;
export type GuestFormLanguage = keyof typeof homes;
type Field = keyof GuestSignupRequest;
export const guestFormFields: Field[] = ['firstName', 'lastName', 'phone', 'municipality', 'note'];

interface Texts {
  title: string;
  fixTitle: string;
  sentTitle: string;
  sentText: string;
  /** How the guest gets SMS: a START from the phone (the web's public:guest.smsStart). */
  smsStart: string;
  home: string;
  submit: string;
  optional: string;
  labels: Record<Field, string>;
  errors: Record<Field, string>;
}

const latin: Texts = {
  title: 'Javite se bez naloga',
  fixTitle: 'Proverite označena polja',
  sentTitle: 'Podaci su poslati',
  sentText:
    'Hvala! Naš tim će vas pozvati na upisani broj telefona u narednih nekoliko dana i dogovoriti posao u vašoj blizini.',
  smsStart: `Za SMS o prijavi i o mobi pošaljite poruku START sa upisanog broja na ${SMS_REPLY_NUMBER}.`,
  home: 'Nazad na početnu',
  submit: 'Pozovite me',
  optional: '(nije obavezno)',
  labels: {
    firstName: 'Ime',
    lastName: 'Prezime',
    phone: 'Broj telefona',
    municipality: 'Opština',
    note: 'Napomena',
  },
  errors: {
    firstName: 'Upišite ime.',
    lastName: 'Upišite prezime.',
    phone: 'Upišite ispravan broj telefona, na primer 064 123 4567.',
    municipality: 'Upišite opštinu u Srbiji, na primer Arilje.',
    note: 'Napomena je predugačka.',
  },
};
const inCyrillic = (texts: Texts): Texts =>
  JSON.parse(JSON.stringify(texts), (_, value: unknown) =>
    typeof value === 'string' ? toCyrillic(value) : value,
  ) as Texts;

/** Serbian Cyrillic is generated from the Latin texts, as the app's Cyrillic locale is. */
const texts: Record<GuestFormLanguage, Texts> = {
  'sr-Latn': latin,
  'sr-Cyrl': inCyrillic(latin),
  en: {
    title: 'Apply without an account',
    fixTitle: 'Please check the marked fields',
    sentTitle: 'Application sent',
    sentText:
      'Thank you! Our team will call you on the number you entered within a few days and arrange work near you.',
    smsStart: `For SMS about the application and the moba, text START from the number you entered to ${SMS_REPLY_NUMBER}.`,
    home: 'Back to the home page',
    submit: 'Send application',
    optional: '(optional)',
    labels: {
      firstName: 'First name',
      lastName: 'Last name',
      phone: 'Phone number',
      municipality: 'Municipality',
      note: 'Note',
    },
    errors: {
      firstName: 'Enter a first name.',
      lastName: 'Enter a last name.',
      phone: 'Enter a valid phone number, for example 064 123 4567.',
      municipality: 'Enter a municipality in Serbia, for example Arilje.',
      note: 'The note is too long.',
    },
  },
};

/** The language of the page the form was sent from (its hidden `lang` field): Serbian Latin unless another. */
export const formLanguage = (lang: unknown): GuestFormLanguage =>
  typeof lang === 'string' && Object.hasOwn(homes, lang) ? (lang as GuestFormLanguage) : 'sr-Latn';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** High contrast, 44 px targets, readable at 360 px; inline because this page has no stylesheet. */
const style = `body{font:17px/1.5 system-ui,sans-serif;color:#0b0f0c;margin:0 auto;max-width:34rem;padding:1rem}
h1{font-size:1.6rem;line-height:1.2}label{display:block;font-weight:650;margin-top:.9rem}
input{font:inherit;width:100%;box-sizing:border-box;min-height:44px;padding:.5rem .7rem;border:2px solid #5b6b5f;border-radius:8px}
input[aria-invalid=true]{border-color:#b91c1c}.error{color:#b91c1c;font-weight:600;margin:.2rem 0 0}
button,a.button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;margin-top:1.2rem;padding:.55rem 1.1rem;border-radius:10px;border:2px solid #14532d;background:#14532d;color:#fff;font:inherit;font-weight:650;text-decoration:none}
.alert{background:#fee2e2;border:2px solid #b91c1c;border-radius:10px;padding:.75rem 1rem}`;

function page(language: GuestFormLanguage, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} · Moba</title>
<style>${style}</style></head><body><main>${body}</main></body></html>`;
}

export function sentPage(language: GuestFormLanguage): string {
  const t = texts[language];
  return page(
    language,
    t.sentTitle,
    `<h1>${t.sentTitle}</h1><p data-testid="guest-sent">${t.sentText}</p><p data-testid="guest-sms-start">${t.smsStart}</p><a class="button" href="${homes[language]}">${t.home}</a>`,
  );
}

/** The form again, as the reader filled it in, with each wrong field marked and explained. */
export function fixPage(
  language: GuestFormLanguage,
  values: Partial<Record<Field, string>>,
  wrong: Set<Field>,
): string {
  const t = texts[language];
  const fields = guestFormFields
    .map((field) => {
      const error = wrong.has(field) ? `<p class="error" id="${field}-error">${t.errors[field]}</p>` : '';
      const optional = field === 'note' ? ` ${t.optional}` : '';
      const invalid = wrong.has(field) ? ` aria-invalid="true" aria-describedby="${field}-error"` : '';
      const type = field === 'phone' ? 'tel' : 'text';
      return `<label for="${field}">${t.labels[field]}${optional}</label>
<input id="${field}" name="${field}" type="${type}" value="${escape(values[field] ?? '')}"${invalid}>${error}`;
    })
    .join('\n');
  return page(
    language,
    t.fixTitle,
    `<h1>${t.title}</h1><div class="alert" role="alert"><p>${t.fixTitle}:</p><ul>${[...wrong]
      .map((f) => `<li><a href="#${f}">${t.labels[f]}</a></li>`)
      .join('')}</ul></div>
<form method="post" action="/api/signup-guest"><input type="hidden" name="lang" value="${language}">
${fields}
<button type="submit">${t.submit}</button></form>
<p><a href="${homes[language]}">${t.home}</a></p>`,
  );
}
