/**
 * Finds phone numbers hidden in free text (a vacancy description must not carry one, spec §5): estates
 * are meant to be reached through the platform. Catches Serbian mobile (06x) and landline (01x–03x)
 * numbers written with spaces, dashes, dots, slashes or parentheses, the +381 / 00381 / 381 forms,
 * other international numbers (+387 …), a mobile written without its trunk zero (64 123 4567),
 * digits spelled one by one (0 6 4 1 2 …), the letter O typed for a zero, and digits written as
 * words in Serbian (Latin with or without diacritics, Cyrillic) or English ("nula šest četiri …",
 * "нула шест четири …", "zero six four …", "šezdeset četiri"). Dates (01.06.2025.,
 * 2025-06-01, 15.06.), clock times (07:00, 06.00-14.00), prices (2.500 RSD, 60.000 din), hour
 * ranges (07-16) and counts are not flagged.
 *
 * Method: write number words as digits (a run of them as one digit group), blank out dates and
 * times, then split the text into runs of digit groups joined by
 * separators and test every contiguous slice of groups that starts like a phone number.
 */

const SEPARATOR = '[ \\t.\\-/()\\u2013]';
/** A run: optional + or (, digit groups joined by one to three separators. */
const RUN = new RegExp(`\\+?\\(?\\d+(?:${SEPARATOR}{1,3}\\+?\\d+)*`, 'g');

const validDay = (d: string) => Number(d) >= 1 && Number(d) <= 31;
const validMonth = (m: string) => Number(m) >= 1 && Number(m) <= 12;

/** Replaces dates and times with spaces so their digits cannot join a phone-number run. */
function blankDatesAndTimes(text: string): string {
  const blank = (s: string) => ' '.repeat(s.length);
  return (
    text
      // ISO dates 2025-06-01
      .replace(/(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)/g, blank)
      // 01.06.2025(.) 1/6/2025 01-06-2025 with a four-digit year
      .replace(/(?<!\d)(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?!\d)\.?/g, (m, d, _s, mo) =>
        validDay(d) && validMonth(mo) ? blank(m) : m,
      )
      // 01.06.25 or 01.06. or 1.6. standing alone (no digit group glued before or after)
      .replace(
        /(?<!\d[ .\-/]{0,3})(\d{1,2})\.(\d{1,2})\.(?:(\d{2})(?!\d))?(?![ .\-/]{0,3}\d)/g,
        (m, d, mo) => (validDay(d) && validMonth(mo) ? blank(m) : m),
      )
      // clock times with a colon: 07:00, 7:30
      .replace(/(?<!\d)([01]?\d|2[0-3]):[0-5]\d(?!\d)/g, blank)
      // clock times with a dot on the full or half hour next to a range dash or an 'h': 06.00-14.00, 7.30h
      .replace(
        /(?<!\d)([01]?\d|2[0-3])\.(00|30)(?!\d)(?=\s*[-\u2013h]|\s*$)|(?<=[-\u2013]\s*)([01]?\d|2[0-3])\.(00|30)(?!\d)/g,
        blank,
      )
  );
}

// ── Digits written as words ──────────────────────────────────────────────────────────────────────
const unitWords: Record<string, string[]> = {
  0: ['nula', 'нула', 'zero'],
  1: ['jedan', 'jedna', 'jedno', 'један', 'једна', 'једно', 'one'],
  2: ['dva', 'dve', 'dvije', 'два', 'две', 'двије', 'two'],
  3: ['tri', 'три', 'three'],
  4: ['četiri', 'cetiri', 'четири', 'four'],
  5: ['pet', 'пет', 'five'],
  6: ['šest', 'sest', 'шест', 'six'],
  7: ['sedam', 'седам', 'seven'],
  8: ['osam', 'осам', 'eight'],
  9: ['devet', 'девет', 'nine'],
};
const tensWords: Record<string, string[]> = {
  1: ['deset', 'десет', 'ten'],
  2: ['dvadeset', 'двадесет', 'twenty'],
  3: ['trideset', 'тридесет', 'thirty'],
  4: ['četrdeset', 'cetrdeset', 'четрдесет', 'forty'],
  5: ['pedeset', 'педесет', 'fifty'],
  6: ['šezdeset', 'sezdeset', 'шездесет', 'sixty'],
  7: ['sedamdeset', 'седамдесет', 'seventy'],
  8: ['osamdeset', 'осамдесет', 'eighty'],
  9: ['devedeset', 'деведесет', 'ninety'],
};
const valueOf = new Map<string, { digit: string; tens: boolean }>([
  ...Object.entries(unitWords).flatMap(([digit, words]) =>
    words.map((w) => [w, { digit, tens: false }] as const),
  ),
  ...Object.entries(tensWords).flatMap(([digit, words]) =>
    words.map((w) => [w, { digit, tens: true }] as const),
  ),
]);
const NUMBER_WORD = `(?<!\\p{L})(?:${[...valueOf.keys()].sort((a, b) => b.length - a.length).join('|')})(?!\\p{L})`;
/** Number words in a row, joined by spaces, commas, dots or dashes: one digit group. */
const NUMBER_WORDS = new RegExp(`${NUMBER_WORD}(?:[\\s,.\\-]+${NUMBER_WORD})*`, 'giu');

/** "nula šezdeset četiri" → "064": each run of number words becomes one group of digits. */
function digitsForNumberWords(text: string): string {
  return text.replace(NUMBER_WORDS, (run) => {
    const words = run
      .toLowerCase()
      .split(/[\s,.-]+/)
      .filter(Boolean);
    let digits = '';
    for (let i = 0; i < words.length; i++) {
      const word = valueOf.get(words[i])!;
      const next = valueOf.get(words[i + 1] ?? '');
      if (word.tens && next && !next.tens && next.digit !== '0') {
        digits += word.digit + next.digit;
        i++;
      } else digits += word.tens ? `${word.digit}0` : word.digit;
    }
    return digits;
  });
}

/** The letter O (or o) typed between digits or before a digit at the start of a number. */
function lettersForDigits(text: string): string {
  return text.replace(/(?<![A-Za-zČĆŠŽĐčćšžđ])[oO](?=[\s.\-/]?\d)|(?<=\d[\s.\-/]?)[oO](?=[\s.\-/]?\d)/g, '0');
}

/** Whether the digits (with an international + before them or not) form a phone number. */
function isPhoneDigits(digits: string, plus: boolean, firstGroup: string, allSingle: boolean): boolean {
  let international = plus;
  let rest = digits;
  if (!plus && rest.startsWith('00') && rest.length > 2) {
    international = true;
    rest = rest.slice(2);
  }
  if (international) {
    if (rest.startsWith('381')) {
      const national = rest.slice(3).replace(/^0/, '');
      return /^[1-9]\d{6,9}$/.test(national);
    }
    // another country code: 8 to 13 digits in all
    return /^[1-9]\d{7,12}$/.test(rest);
  }
  // 381 64 123 4567 written without the plus
  if (/^3810?6\d{7,8}$/.test(rest) || /^3810?[1-3]\d{7,8}$/.test(rest)) return true;
  // national mobile 06x and landline 01x–03x with the trunk zero: 9 or 10 digits
  if (/^06\d{7,8}$/.test(rest)) return true;
  if (/^0[1-3]\d{7,8}$/.test(rest)) return true;
  // a mobile without the trunk zero (64 123 4567): the first group is the operator prefix or the whole number
  if (/^6(?:[0-689]|7\d)\d{6,7}$/.test(rest) && rest.length <= 9) {
    return firstGroup.length === rest.length || /^6\d{1,2}$/.test(firstGroup) || allSingle;
  }
  return false;
}

interface Group {
  digits: string;
  plus: boolean;
}

function groupsOf(run: string): Group[] {
  const groups: Group[] = [];
  for (const m of run.matchAll(/(\+?)(\d+)/g)) groups.push({ digits: m[2], plus: m[1] === '+' });
  return groups;
}

/** The phone numbers found in the text, as the digit strings that matched (empty when none). */
export function findPhoneNumbers(text: string): string[] {
  const prepared = blankDatesAndTimes(lettersForDigits(digitsForNumberWords(text.normalize('NFKC'))));
  const found: string[] = [];
  for (const run of prepared.match(RUN) ?? []) {
    const groups = groupsOf(run);
    for (let i = 0; i < groups.length; i++) {
      const first = groups[i].digits;
      if (!groups[i].plus && !/^[036]/.test(first)) continue;
      let digits = '';
      let allSingle = true;
      let hit: string | undefined;
      for (let j = i; j < groups.length && digits.length < 15; j++) {
        digits += groups[j].digits;
        if (groups[j].digits.length > 1) allSingle = false;
        if (isPhoneDigits(digits, groups[i].plus, first, allSingle && j - i >= 6)) hit = digits;
      }
      if (hit) {
        found.push(hit);
        break;
      }
    }
  }
  return found;
}

/** True when the text carries a phone number in any of the forms above. */
export const containsPhoneNumber = (text: string): boolean => findPhoneNumbers(text).length > 0;
