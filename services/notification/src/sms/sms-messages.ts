import { toCyrillic, toLatin, type Language } from '@moba/contracts';
import { SMS_ONE_PART, SMS_SPLIT_PART, smsLength, toGsm7 } from './gsm7';

export type SmsKind = 'guestReceived' | 'accepted' | 'rejected' | 'reminder' | 'vacancyDeleted';

export interface SmsFacts {
  /** The moba's title (any script; shortened to keep the message in one part). */
  title?: string;
  /** The moba's first day, yyyy-mm-dd. */
  startDate?: string;
  /** The moba: the accepted and reminder texts carry a short link to its page. */
  vacancyId?: string;
}

type Template = (f: { title: string; date: string; link: string }) => string;

/**
 * The texts, written in Serbian Latin with diacritics and in English. Serbian goes out without
 * diacritics ('sr', GSM-7: one 160-character part) or in Cyrillic ('sr-Cyrl', UCS-2: 70 characters a
 * part). Every text ends with how to stop.
 */
const serbian: Record<SmsKind, Template> = {
  guestReceived: () =>
    'Moba: primili smo vašu prijavu. Javićemo vam se kada nađemo mobu za vas. Odjava: odgovorite STOP',
  accepted: ({ title, date, link }) =>
    `Moba: prihvaćeni ste za mobu "${title}"${date ? `, početak ${date}` : '.'}${link || ' Vidimo se!'} Odjava: STOP`,
  rejected: ({ title }) =>
    `Moba: prijava za "${title}" nije prihvaćena. Pogledajte druge mobe u aplikaciji. Odjava: STOP`,
  reminder: ({ title, date, link }) =>
    `Moba: sutra${date ? ` (${date})` : ''} počinje moba "${title}".${link || ' Srećan rad!'} Odjava: STOP`,
  vacancyDeleted: ({ title }) =>
    `Moba: moba "${title}" je otkazana. Pogledajte druge mobe u aplikaciji. Odjava: STOP`,
};

const english: Record<SmsKind, Template> = {
  guestReceived: () =>
    'Moba: we received your application. We will contact you when we find a moba for you. Reply STOP to stop',
  accepted: ({ title, date, link }) =>
    `Moba: you are accepted for "${title}"${date ? `, starting ${date}.` : '.'}${link || ' See you!'} Reply STOP to stop`,
  rejected: ({ title }) =>
    `Moba: your application for "${title}" was not accepted. See other mobas in the app. STOP to stop`,
  reminder: ({ title, date, link }) =>
    `Moba: "${title}" starts tomorrow${date ? ` (${date})` : ''}.${link || ' Good luck!'} Reply STOP to stop`,
  vacancyDeleted: ({ title }) =>
    `Moba: "${title}" was cancelled. See other mobas in the app. Reply STOP to stop`,
};

/** 2026-07-05 → "5.7." (Serbian) or "5 Jul" (English). */
function shortDate(isoDate: string | undefined, language: Language): string {
  if (!isoDate) return '';
  const [, m, d] = isoDate.split('-').map(Number);
  if (language === 'en')
    return `${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m! - 1]}`;
  return `${d}.${m}.`;
}

/**
 * The moba's page, absolute and short: the public address without "www." and a trailing slash. English
 * readers get the English page; a Cyrillic text (two UCS-2 parts of 67) leaves no room for the
 * script in the address, so its reader gets /moba/… in the script their browser keeps. Empty without a moba.
 */
export function mobaLink(vacancyId: string | undefined, publicUrl: string | undefined, language: Language) {
  if (!vacancyId || !publicUrl) return '';
  const base = publicUrl.replace(/\/+$/, '').replace('://www.', '://');
  return `${base}${language === 'en' ? '/en' : ''}/moba/${vacancyId}`;
}

/** Writes the final text in the recipient's script: GSM-7 for 'sr' and 'en', Cyrillic for 'sr-Cyrl'. */
const inRecipientScript = (text: string, language: Language) =>
  language === 'sr-Cyrl' ? toCyrillic(toLatin(text)) : toGsm7(text);

/**
 * Cyrillic (UCS-2) takes 70 characters a part, so no text of ours fits one part: a Cyrillic SMS is
 * allowed two parts (2 × 67 characters), which the profile tells the worker who picks it.
 */
export const CYRILLIC_SMS_PARTS = 2;
const maxUnits = (encoding: 'GSM-7' | 'UCS-2') =>
  encoding === 'GSM-7' ? SMS_ONE_PART['GSM-7'] : CYRILLIC_SMS_PARTS * SMS_SPLIT_PART['UCS-2'];

/**
 * The SMS text of one kind for one recipient, kept to one GSM-7 part (160 characters) or two Cyrillic
 * parts by shortening the moba's title with "...".
 */
export function smsText(kind: SmsKind, facts: SmsFacts, language: Language, publicUrl?: string): string {
  const template = (language === 'en' ? english : serbian)[kind];
  const date = shortDate(facts.startDate, language);
  const fullTitle = toLatin(facts.title ?? '').trim();
  const link = ` ${mobaLink(facts.vacancyId, publicUrl, language)}`.trimEnd();
  const render = (title: string) => inRecipientScript(template({ title, date, link }), language);
  let text = render(fullTitle);
  const limit = maxUnits(smsLength(text).encoding);
  for (let keep = fullTitle.length - 1; smsLength(text).units > limit && keep >= 0; keep--) {
    text = render(keep > 0 ? `${fullTitle.slice(0, keep).trimEnd()}...` : '');
  }
  return text;
}
