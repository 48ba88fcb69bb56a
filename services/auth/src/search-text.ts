import { escapeRegExp, foldForMatch, normalizePhone } from '@moba/contracts';

/**
 * The admin user search, written as store regexes that every adapter runs (nedb, MongoDB,
 * PostgreSQL's like_regex: plain groups and classes, every case listed, no lookarounds).
 *
 * A name or e-mail matches across scripts and diacritics: each letter of the query stands for its
 * Latin, Latin-with-diacritics and Cyrillic forms, so "Mil" finds "Милена", "Cacak" finds "Čačak"
 * and "Ђорђе" finds "Djordje". A phone is compared only when the query looks like one, as E.164.
 */

/** Each group: the letters one Latin base letter (or digraph) stands for in either script. */
const letterGroups: Record<string, string[]> = {
  a: ['a', 'а'],
  b: ['b', 'б'],
  c: ['c', 'č', 'ć', 'ц', 'ч', 'ћ'],
  d: ['d', 'đ', 'д', 'ђ'],
  e: ['e', 'е'],
  f: ['f', 'ф'],
  g: ['g', 'г'],
  h: ['h', 'х'],
  i: ['i', 'и'],
  j: ['j', 'ј'],
  k: ['k', 'к'],
  l: ['l', 'л', 'љ'],
  m: ['m', 'м'],
  n: ['n', 'н', 'њ'],
  o: ['o', 'о'],
  p: ['p', 'п'],
  r: ['r', 'р'],
  s: ['s', 'š', 'с', 'ш'],
  t: ['t', 'т'],
  u: ['u', 'у'],
  v: ['v', 'в'],
  z: ['z', 'ž', 'з', 'ж'],
};
/** Letters written as two Latin letters: the pair or its one Cyrillic letter. */
const digraphs: Record<string, string> = { lj: 'љ', nj: 'њ', dz: 'џ', dj: 'ђ' };

const bothCases = (forms: string[]) => [...new Set(forms.flatMap((f) => [f, f.toUpperCase()]))].join('');
const classOf = (base: string) => `[${bothCases(letterGroups[base]!)}]`;

/** A regex source matching the query in any script, with or without diacritics, any case. */
export function crossScriptPattern(query: string): string {
  // The one folding rule of the product (contracts script.ts): Latin, lower case, no diacritics.
  const base = foldForMatch(query);
  let pattern = '';
  for (let i = 0; i < base.length; i++) {
    const pair = base.slice(i, i + 2);
    if (digraphs[pair]) {
      const [first, second] = pair.split('') as [string, string];
      // The two letters (dž among them, ž being a z), or the one letter: љ, њ, џ, ђ (and đ for dj).
      const single = [digraphs[pair]!, ...(pair === 'dj' ? ['đ'] : [])];
      pattern += `(${classOf(first)}${classOf(second)}|[${bothCases(single)}])`;
      i++;
      continue;
    }
    const ch = base[i]!;
    if (ch === 'd') pattern += `(${classOf('d')}|${classOf('d')}${classOf('j')})`;
    else if (ch === ' ') pattern += '[ -]';
    else pattern += letterGroups[ch] ? classOf(ch) : escapeRegExp(ch);
  }
  return pattern;
}

/** Digits, spaces and phone punctuation only, with at least three digits. */
const phoneLike = (query: string) => /^\+?[\d\s().\-/]+$/.test(query) && query.replace(/\D/g, '').length >= 3;

/**
 * The E.164 form (or its beginning) a phone-like query stands for: a whole number as its E.164,
 * a part as the start of one ("064 12" → "+3816412"); undefined when the query is not a phone.
 */
export function phoneQuery(query: string): { exact: string } | { prefix: string } | undefined {
  const text = query.trim();
  if (!phoneLike(text)) return undefined;
  const whole = normalizePhone(text, 'RS');
  if (whole) return { exact: whole };
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) return { prefix: `+${digits}` };
  if (digits.startsWith('00')) return { prefix: `+${digits.slice(2)}` };
  if (digits.startsWith('0')) return { prefix: `+381${digits.slice(1)}` };
  return { prefix: `+${digits}` };
}
