/**
 * Serbian Latin → Serbian Cyrillic. The Cyrillic locale is generated from the Latin texts with this,
 * never written by hand. Interpolations ({{name}}), tags (<1>, <strong>), $t(...) nestings, URLs,
 * e-mail addresses and text marked [[like this]] (brand names, Latin-only words) are kept as they are.
 */
const digraphs: Record<string, string> = {
  Lj: 'Љ',
  LJ: 'Љ',
  lj: 'љ',
  Nj: 'Њ',
  NJ: 'Њ',
  nj: 'њ',
  Dž: 'Џ',
  DŽ: 'Џ',
  dž: 'џ',
};
const letters: Record<string, string> = {
  A: 'А',
  B: 'Б',
  C: 'Ц',
  Č: 'Ч',
  Ć: 'Ћ',
  D: 'Д',
  Đ: 'Ђ',
  E: 'Е',
  F: 'Ф',
  G: 'Г',
  H: 'Х',
  I: 'И',
  J: 'Ј',
  K: 'К',
  L: 'Л',
  M: 'М',
  N: 'Н',
  O: 'О',
  P: 'П',
  R: 'Р',
  S: 'С',
  Š: 'Ш',
  T: 'Т',
  U: 'У',
  V: 'В',
  Z: 'З',
  Ž: 'Ж',
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
};

const protectedPattern =
  /(\{\{[^}]*\}\}|<[^>]*>|\$t\([^)]*\)|https?:\/\/\S+|[\w.+-]+@[\w-]+\.[\w.]+|\[\[[^\]]*\]\])/g;

function convert(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const pair = text.slice(i, i + 2);
    if (digraphs[pair]) {
      out += digraphs[pair];
      i++;
      continue;
    }
    const ch = text[i]!;
    out += letters[ch] ?? ch;
  }
  return out;
}

export function latinToCyrillic(text: string): string {
  return text
    .split(protectedPattern)
    .map((part, index) => (index % 2 === 1 ? part.replace(/^\[\[(.*)\]\]$/s, '$1') : convert(part)))
    .join('');
}

/** Removes the [[keep Latin]] marks for the Latin locale itself. */
export const unmark = (text: string): string => text.replace(/\[\[([^\]]*)\]\]/g, '$1');

type Tree = string | number | boolean | null | Tree[] | { [key: string]: Tree };
export function mapStrings(tree: Tree, fn: (s: string) => string): Tree {
  if (typeof tree === 'string') return fn(tree);
  if (Array.isArray(tree)) return tree.map((item) => mapStrings(item, fn));
  if (tree && typeof tree === 'object') {
    return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, mapStrings(v, fn)]));
  }
  return tree;
}
