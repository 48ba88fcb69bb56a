import { foldForMatch } from '@moba/contracts';

/**
 * What a worker's SMS reply to a confirmation request says (pure): DA / NE in Latin or Cyrillic, with
 * or without diacritics, punctuation or capitals ("Да!", "da.", "DA 4"), or in words ("dolazim",
 * "долазим", "ne mogu", "NE dolazim"). A number after a yes is the heads a leader brings ("DA 4").
 * Anything else (maybe, "ne znam", "da ne", a yes with 0 heads) is not an answer: null.
 */
export interface ConfirmationReply {
  answer: 'yes' | 'no';
  heads?: number;
}

/** Words that start a yes (folded: Latin, lower case, no diacritics, đ as d). */
const YES = new Set([
  'da',
  'dolazim',
  'dolazimo',
  'dolazi',
  'stizem',
  'stizemo',
  'potvrdujem',
  'potvrdjujem',
  'yes',
  'y',
]);
/** Words that are a no by themselves. */
const NO = new Set(['ne', 'necu', 'necemo', 'nemogu', 'nemozemo', 'otkazujem', 'odustajem', 'no', 'n']);
/** After "ne", these make it something else than a no ("ne znam": I do not know). */
const NOT_A_NO_AFTER_NE = new Set(['znam', 'znamo', 'sigurno', 'sigurna', 'siguran']);
/** A yes followed by one of these takes it back ("da ne", "dolazim ne"). */
const UNDOES_YES = new Set(['ne', 'necu', 'nemogu', 'no']);
const HEADS_MAX = 999;

const wordsOf = (text: string) =>
  foldForMatch(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

export function parseConfirmationReply(text: string): ConfirmationReply | null {
  const words = wordsOf(text);
  const [first, ...rest] = words;
  if (!first) return null;
  if (YES.has(first)) {
    if (rest.some((w) => UNDOES_YES.has(w))) return null;
    const number = rest.find((w) => /^\d+$/.test(w));
    if (number === undefined) return { answer: 'yes' };
    const heads = Number(number);
    return heads >= 1 && heads <= HEADS_MAX ? { answer: 'yes', heads } : null;
  }
  if (NO.has(first)) {
    if (first === 'ne' && rest[0] && NOT_A_NO_AFTER_NE.has(rest[0])) return null;
    if (rest.some((w) => YES.has(w) && w !== 'dolazim' && w !== 'dolazimo' && w !== 'dolazi')) return null;
    return { answer: 'no' };
  }
  return null;
}
