import { toCyrillic } from '@moba/contracts/script';

/**
 * Serbian Latin → Serbian Cyrillic (the conversion rules are contracts' `toCyrillic`). The Cyrillic locale is generated from the Latin texts with this,
 * never written by hand. Interpolations ({{name}}), tags (<1>, <strong>), $t(...) nestings, URLs,
 * e-mail addresses and text marked [[like this]] (brand names, Latin-only words) are kept as they are.
 */
const protectedPattern = /(\{\{[^}]*\}\}|<[^>]*>|\$t\([^)]*\)|\[\[[^\]]*\]\])/g;

export function latinToCyrillic(text: string): string {
  return text
    .split(protectedPattern)
    .map((part, index) => (index % 2 === 1 ? part.replace(/^\[\[(.*)\]\]$/s, '$1') : toCyrillic(part)))
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
