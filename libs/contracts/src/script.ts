/**
 * Serbian is written in two scripts. These convert text between them the way Serbian Wikipedia
 * does: letter by letter with the digraphs lj, nj and dž as one letter, leaving alone what is not
 * Serbian — e-mail addresses, URLs, Roman numerals and foreign words (a q, w, x or y, or a capital
 * inside a word such as "iPhone"). `foldForMatch` is the one key under which any spelling of a
 * name (either script, with or without diacritics, any case) compares equal.
 */
export type Script = 'Latn' | 'Cyrl';

const latinLetters: Record<string, string> = {
  a: 'а',
  b: 'б',
  c: 'ц',
  č: 'ч',
  ć: 'ћ',
  d: 'д',
  đ: 'ђ',
  e: 'е',
  f: 'ф',
  g: 'г',
  h: 'х',
  i: 'и',
  j: 'ј',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  r: 'р',
  s: 'с',
  š: 'ш',
  t: 'т',
  u: 'у',
  v: 'в',
  z: 'з',
  ž: 'ж',
  lj: 'љ',
  nj: 'њ',
  dž: 'џ',
};
const cyrillicLetters: Record<string, string> = Object.fromEntries(
  Object.entries(latinLetters).map(([latin, cyrillic]) => [cyrillic, latin]),
);

/** Words in which n+j or d+ž meet across a prefix and stay two letters ("injekcija", "nadživeti"). */
const splitDigraphStems = ['injekc', 'konjug', 'konjunk', 'vanjezi', 'nadž', 'podž'];

const isUpper = (ch: string) => ch !== ch.toLowerCase() && ch === ch.toUpperCase();
const withCaseOf = (source: string, target: string) => (isUpper(source) ? target.toUpperCase() : target);

/** Text that is never converted: URLs, e-mail addresses and web addresses. */
const keptAsIs = /(https?:\/\/\S+|www\.\S+|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)/u;
/** A word, hyphenated parts together ("Wi-Fi" is foreign as a whole). */
const wordPattern = /(\p{L}+(?:-\p{L}+)*)/u;

function isForeignLatinWord(word: string): boolean {
  if (/[qwxy]/i.test(word)) return true;
  if (/\p{Ll}\p{Lu}/u.test(word)) return true;
  return word.length > 1 && /^[IVXLCDM]+$/.test(word);
}

function latinWordToCyrillic(word: string): string {
  if (isForeignLatinWord(word)) return word;
  const lower = word.toLowerCase();
  const split = splitDigraphStems.find((stem) => lower.startsWith(stem));
  const keepApart = split ? split.search(/nj|dž/) : -1;
  let out = '';
  for (let i = 0; i < word.length; i++) {
    const pair = lower.slice(i, i + 2);
    if (i !== keepApart && (pair === 'lj' || pair === 'nj' || pair === 'dž')) {
      out += withCaseOf(word[i]!, latinLetters[pair]!);
      i++;
      continue;
    }
    const letter = latinLetters[lower[i]!];
    out += letter ? withCaseOf(word[i]!, letter) : word[i];
  }
  return out;
}

function cyrillicWordToLatin(word: string): string {
  const allCaps = word.length > 1 && word === word.toUpperCase();
  let out = '';
  for (let i = 0; i < word.length; i++) {
    const ch = word[i]!;
    const latin = cyrillicLetters[ch.toLowerCase()];
    if (!latin) {
      out += ch;
      continue;
    }
    if (!isUpper(ch)) out += latin;
    else if (latin.length === 1 || allCaps || isUpper(word[i + 1] ?? '')) out += latin.toUpperCase();
    else out += latin[0]!.toUpperCase() + latin.slice(1);
  }
  return out;
}

function convertWords(
  text: string,
  convertWord: (word: string) => string,
  prepare: (part: string) => string = (part) => part,
): string {
  return text
    .split(keptAsIs)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : prepare(part)
            .split(wordPattern)
            .map((piece, i) => (i % 2 === 1 ? convertWord(piece) : piece))
            .join(''),
    )
    .join('');
}

/** Loanwords whose Cyrillic form is not letter by letter ("e-mail" reads "имејл", never "е-маил"). */
const loanwords: [RegExp, string][] = [
  [/(?<!\p{L})E-MAIL/gu, 'IMEJL'],
  [/(?<!\p{L})E-mail/gu, 'Imejl'],
  [/(?<!\p{L})e-mail/gu, 'imejl'],
];
const spellLoanwords = (latin: string) =>
  loanwords.reduce((text, [pattern, spelling]) => text.replace(pattern, spelling), latin);

/** Serbian Latin → Cyrillic; foreign words, e-mail addresses and URLs stay as written. */
export const toCyrillic = (text: string): string => convertWords(text, latinWordToCyrillic, spellLoanwords);

/** Serbian Cyrillic → Latin. */
export const toLatin = (text: string): string => convertWords(text, cyrillicWordToLatin);

/** The script of a reader's language (sr-Cyrl reads Cyrillic; sr and English read Latin). */
export const scriptOf = (language: string): Script => (language === 'sr-Cyrl' ? 'Cyrl' : 'Latn');

/** The text in the given script (user-written text is stored as typed, shown in the reader's script). */
export const inScript = (text: string, script: Script): string =>
  script === 'Cyrl' ? toCyrillic(text) : toLatin(text);

/**
 * The comparison key of a name: Latin, lower case, without diacritics (đ and dj alike), with
 * hyphens and runs of spaces as one space. "Ариље", "ARILJE" and "arilje" share one key; so do
 * "Čačak" and "Cacak".
 */
export function foldForMatch(text: string): string {
  return toLatin(text)
    .toLowerCase()
    .replace(/đ/g, 'dj')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/dj/g, 'd')
    .replace(/[\s\-–]+/g, ' ')
    .trim();
}
