import { toCyrillic, toLatin, type BroadcastTemplate, type Language } from '@moba/contracts';
import { SMS_ONE_PART, SMS_SPLIT_PART, smsLength, toGsm7 } from './gsm7';

export type SmsKind =
  | 'guestReceived'
  | 'accepted'
  | 'rejected'
  | 'reminder'
  | 'vacancyDeleted'
  | 'standbyOffered'
  | 'confirm'
  | 'jobAlert';
/** What an outbox message is: one of the written kinds, or an estate's broadcast (its own text). */
export type SmsOutboxKind = SmsKind | 'broadcast';

export interface SmsFacts {
  /** The moba's title (any script; shortened to keep the message in one part). */
  title?: string;
  /** The moba's first day, yyyy-mm-dd. */
  startDate?: string;
  /** The moba: the accepted, reminder and standby texts carry a short link to its page. */
  vacancyId?: string;
  /** An absolute link given with the message (otherwise the moba's page, when `vacancyId` is known). */
  link?: string;
  /** The meeting time of that day (HH:MM), when the estate gave one. */
  time?: string;
  /** Meeting details for the accepted person (issue #31): the point, the first day's time, the contact. */
  meeting?: SmsMeeting;
}

export interface SmsMeeting {
  point: string;
  time: string;
  contactName: string;
  contactPhone: string;
}

type Template = (f: { title: string; date: string; link: string; time?: string }) => string;

/**
 * The texts, written in Serbian Latin with diacritics and in English. Serbian goes out without
 * diacritics ('sr', GSM-7: one 160-character part) or in Cyrillic ('sr-Cyrl', UCS-2: 70 characters a
 * part). Every text ends with how to stop.
 */
const serbian: Record<SmsKind, Template> = {
  guestReceived: () =>
    'Moba: primili smo vašu prijavu. Javićemo vam se kada nađemo mobu za vas. Odjava: odgovorite STOP',
  accepted: ({ title, date, link }) =>
    `Moba: prihvaćeni ste za mobu "${title}"${date ? `, početak ${date}` : '.'}${link ? ` ${link}` : ' Vidimo se!'} Odjava: STOP`,
  rejected: ({ title }) =>
    `Moba: prijava za "${title}" nije prihvaćena. Pogledajte druge mobe u aplikaciji. Odjava: STOP`,
  reminder: ({ title, date, link }) =>
    `Moba: sutra${date ? ` (${date})` : ''} počinje moba "${title}".${link ? ` ${link}` : ' Srećan rad!'} Odjava: STOP`,
  vacancyDeleted: ({ title }) =>
    `Moba: moba "${title}" je otkazana. Pogledajte druge mobe u aplikaciji. Odjava: STOP`,
  standbyOffered: ({ title, link }) =>
    `Moba: slobodno mesto na mobi "${title}". Prvi koji uzme dobija ga: ${link} Odjava: STOP`,
  // Asked the evening before; the reply is read by the inbound webhook (domain/confirmation-reply).
  confirm: ({ title, date, time }) =>
    `Moba: dolazite li na "${title}"${date ? ` ${date}` : ''}${time ? ` u ${time}` : ''}? Odgovorite DA ili NE. Odjava: STOP`,
  // A job alert stops alone with STOP POSAO (sms-settings); a plain STOP still ends every SMS.
  jobAlert: ({ title, date, link }) =>
    `Moba: nova moba "${title}"${date ? `, od ${date}` : ''}: ${link} Odjava oglasa: STOP POSAO`,
};

const english: Record<SmsKind, Template> = {
  guestReceived: () =>
    'Moba: we received your application. We will contact you when we find a moba for you. Reply STOP to stop',
  accepted: ({ title, date, link }) =>
    `Moba: you are accepted for "${title}"${date ? `, starting ${date}.` : '.'}${link ? ` ${link}` : ' See you!'} Reply STOP to stop`,
  rejected: ({ title }) =>
    `Moba: your application for "${title}" was not accepted. See other mobas in the app. STOP to stop`,
  reminder: ({ title, date, link }) =>
    `Moba: "${title}" starts tomorrow${date ? ` (${date})` : ''}.${link ? ` ${link}` : ' Good luck!'} Reply STOP to stop`,
  vacancyDeleted: ({ title }) =>
    `Moba: "${title}" was cancelled. See other mobas in the app. Reply STOP to stop`,
  standbyOffered: ({ title, link }) =>
    `Moba: a place opened on "${title}". First to take it gets it: ${link} STOP to stop`,
  confirm: ({ title, date, time }) =>
    `Moba: are you coming to "${title}"${date ? ` on ${date}` : ''}${time ? ` at ${time}` : ''}? Reply DA (yes) or NE (no). STOP to stop`,
  jobAlert: ({ title, date, link }) =>
    `Moba: new moba "${title}"${date ? ` from ${date}` : ''}: ${link} STOP POSAO to stop alerts`,
};

/** A shortened part already ends with "...": no second full stop. */
const ended = (text: string) => (text.endsWith('...') ? text : `${text}.`);

type MeetingTemplate = (f: { title: string; date: string } & SmsMeeting) => string;

/**
 * "Accepted" with the meeting details. Shortened in this order to keep the length rules: the title
 * (to nothing), then the meeting point, then the contact's name; the time and the phone never.
 */
const serbianMeeting: MeetingTemplate = ({ title, date, time, point, contactName, contactPhone }) =>
  `Moba: prihvaćeni ste${title ? ` za "${title}"` : ''}. Okupljanje${date ? ` ${date}` : ''} u ${time}: ${ended(point)} Kontakt: ${contactName} ${contactPhone}. Odjava: STOP`;
const englishMeeting: MeetingTemplate = ({ title, date, time, point, contactName, contactPhone }) =>
  `Moba: accepted${title ? ` for "${title}"` : ''}. Meet${date ? ` ${date}` : ''} at ${time}: ${ended(point)} Contact: ${contactName} ${contactPhone}. STOP to stop`;

/** Stands for the link while the text changes script (a link is never transliterated). */
const LINK_MARK = '@@0@@';

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

/** 2026-07-05 → "5.7." (Serbian) or "5 Jul" (English). */
function shortDate(isoDate: string | undefined, language: Language): string {
  if (!isoDate) return '';
  const [, m, d] = isoDate.split('-').map(Number);
  if (language === 'en')
    return `${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m! - 1]}`;
  return `${d}.${m}.`;
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
  if (kind === 'accepted' && facts.meeting) return acceptedWithMeeting(facts, facts.meeting, language);
  const template = (language === 'en' ? english : serbian)[kind];
  const date = shortDate(facts.startDate, language);
  const link = facts.link ?? mobaLink(facts.vacancyId, publicUrl, language);
  const text = fitted(
    (title) => template({ title, date, time: facts.time, link: link ? LINK_MARK : '' }),
    facts.title,
    language,
    (rendered) => rendered.replace(LINK_MARK, link),
  );
  return text;
}

/** Shortens one text with "..." to `keep` characters; nothing when none are kept. */
const cut = (text: string, keep: number) => (keep > 0 ? `${text.slice(0, keep).trimEnd()}...` : '');

function acceptedWithMeeting(facts: SmsFacts, meeting: SmsMeeting, language: Language): string {
  const template = language === 'en' ? englishMeeting : serbianMeeting;
  const date = shortDate(facts.startDate, language);
  const full = {
    title: toLatin(facts.title ?? '').trim(),
    point: toLatin(meeting.point).trim(),
    contactName: toLatin(meeting.contactName).trim(),
  };
  const fixed = { date, time: meeting.time, contactPhone: meeting.contactPhone.replace(/[\s/().-]/g, '') };
  const render = (parts: typeof full) => inRecipientScript(template({ ...fixed, ...parts }), language);
  const parts = { ...full };
  let text = render(parts);
  const limit = maxUnits(smsLength(text).encoding);
  for (const field of ['title', 'point', 'contactName'] as const) {
    for (let keep = full[field].length - 1; smsLength(text).units > limit && keep >= 0; keep--) {
      parts[field] = cut(full[field], keep);
      text = render(parts);
    }
  }
  return text;
}

/** The text rendered with the title, shortened with "..." until it fits one GSM-7 part (two Cyrillic). */
function fitted(
  template: (title: string) => string,
  title: string | undefined,
  language: Language,
  finish: (text: string) => string = (text) => text,
): string {
  const fullTitle = toLatin(title ?? '').trim();
  const render = (shown: string) => finish(inRecipientScript(template(shown), language));
  let text = render(fullTitle);
  const limit = maxUnits(smsLength(text).encoding);
  for (let keep = fullTitle.length - 1; smsLength(text).units > limit && keep >= 0; keep--) {
    text = render(keep > 0 ? `${fullTitle.slice(0, keep).trimEnd()}...` : '');
  }
  return text;
}

/** What an estate's broadcast says (BroadcastSent), for its SMS. */
export interface BroadcastSmsFacts {
  template: BroadcastTemplate;
  title?: string;
  estateName?: string;
  day: string | null;
  value?: string;
  text?: string;
  movedTo?: string;
}

type BroadcastTemplateText = (f: { title: string; day: string; value: string; to: string }) => string;

const serbianBroadcast: Record<Exclude<BroadcastTemplate, 'free'>, BroadcastTemplateText> = {
  'start-moved': ({ title, day, value }) =>
    `Moba "${title}": ${day ? `${day} ` : 'od sada '}počinjemo u ${value}. Odjava: STOP`,
  'no-work': ({ title, day, to }) =>
    `Moba "${title}": ${day} nema rada zbog vremena. Taj dan se radi ${to}. Odjava: STOP`,
  bring: ({ title, day, value }) =>
    `Moba "${title}": ${day ? `za ${day} ` : ''}ponesite: ${value}. Odjava: STOP`,
};

const englishBroadcast: Record<Exclude<BroadcastTemplate, 'free'>, BroadcastTemplateText> = {
  'start-moved': ({ title, day, value }) =>
    `Moba "${title}": ${day ? `on ${day} ` : 'from now on '}we start at ${value}. Reply STOP to stop`,
  'no-work': ({ title, day, to }) =>
    `Moba "${title}": no work on ${day} because of the weather. That day is worked on ${to}. STOP to stop`,
  bring: ({ title, day, value }) =>
    `Moba "${title}": ${day ? `for ${day} ` : ''}please bring: ${value}. STOP to stop`,
};

/**
 * The SMS of an estate's broadcast in the recipient's script. A template keeps to one GSM-7 part (two
 * Cyrillic) by shortening the moba's title; free text goes as the estate typed it (in the recipient's
 * script, GSM-7 without diacritics for Serbian Latin), in as many parts as it takes, never cut.
 */
export function broadcastSmsText(facts: BroadcastSmsFacts, language: Language): string {
  if (facts.template === 'free') {
    const from = toLatin(facts.estateName ?? facts.title ?? '').trim();
    const stop = language === 'en' ? 'Reply STOP to stop' : 'Odjava: STOP';
    return inRecipientScript(
      `Moba${from ? ` (${from})` : ''}: ${toLatin(facts.text ?? '').trim()} ${stop}`,
      language,
    );
  }
  const template = (language === 'en' ? englishBroadcast : serbianBroadcast)[facts.template];
  const day = facts.day ? shortDate(facts.day, language) : '';
  const to = shortDate(facts.movedTo, language);
  const value = toLatin(facts.value ?? '').trim();
  return fitted((title) => template({ title, day, value, to }), facts.title, language);
}
