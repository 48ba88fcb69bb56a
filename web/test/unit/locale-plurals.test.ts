import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';

/**
 * Every count is said with the language's plural forms (Intl.PluralRules: Serbian one / few / other,
 * English one / other), in every namespace: a number interpolated before a word, or `{{count}}`
 * a count, must sit in a plural family of keys (`key_one`, `key_few`, `key_other`) chosen by
 * `count`. Units (km, RSD, %, min), words that do not agree with a number (slobodno) and
 * interpolated texts that carry their own plural (an amount, "5 moba") are not counts.
 */
const dir = path.resolve(__dirname, '../../src/locales');
type Tree = { [k: string]: Tree | string };
const load = (lng: string, ns: string) =>
  JSON.parse(readFileSync(path.join(dir, lng, `${ns}.json`), 'utf8')) as Tree;
const namespaces = readdirSync(path.join(dir, 'sr-Latn')).map((f) => f.replace(/\.json$/, ''));

function entries(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : entries(v, `${prefix}${k}.`),
  );
}
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** Interpolations that hold a number of things (not an amount with its unit, a name or a date). */
const countVariables =
  /^(count|heads|members|max|min|limit|total|free|days|hours|reports|people|workers|places|positions|accepted|applied|n)$/;
/** What may follow a number without being a counted noun. */
const units = /^(km|rsd|min|h|č|d|%|x|×|[–—-]|\/|od|do|of|to|from|\.|,|:|\)|\(|slobodno|free|done…)$/i;

/** The counts a text renders outside a plural family: `{{count}}`, or a count variable before a word. */
function barecounts(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\{\{\s*(\w+)[^}]*\}\}(\s*)([^\s{]*)/g)) {
    const [whole, name, space, next] = m;
    const word = next.replace(/^\[\[|\]\]/g, '').replace(/[.,:;!?)»“”"]+$/, '');
    if (countVariables.test(name) && space && word && !units.test(word) && /\p{L}/u.test(word))
      found.push(whole);
  }
  return found;
}

describe.each(['sr-Latn', 'en'])('%s', (lng) => {
  const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories.filter((f) => f !== 'zero');

  test.each(namespaces)('every count in %s has the plural forms of the language', (ns) => {
    const all = entries(load(lng, ns));
    const keys = new Set(all.map(([k]) => k));
    const problems: string[] = [];
    for (const [key, text] of all) {
      const counts = barecounts(text);
      if (counts.length === 0) continue;
      const inFamily = pluralSuffix.test(key);
      if (!inFamily) {
        problems.push(`${ns}:${key} renders ${counts.join(', ')} without plural forms: "${text}"`);
        continue;
      }
      const stem = key.replace(pluralSuffix, '');
      for (const form of forms)
        if (!keys.has(`${stem}_${form}`)) problems.push(`${ns}:${stem} lacks _${form}`);
    }
    expect([...new Set(problems)]).toEqual([]);
  });
});

test('i18next picks the Serbian form by Intl.PluralRules, in both scripts', async () => {
  const i18n = i18next.createInstance();
  const family = { n_one: '{{count}} moba', n_few: '{{count}} mobe', n_other: '{{count}} moba' };
  await i18n.init({ lng: 'sr-Latn', resources: { 'sr-Latn': { t: family }, 'sr-Cyrl': { t: family } } });
  for (const lng of ['sr-Latn', 'sr-Cyrl']) {
    const t = i18n.getFixedT(lng, 't');
    expect([1, 2, 5, 21, 22, 25, 11].map((count) => t('n', { count }))).toEqual([
      '1 moba',
      '2 mobe',
      '5 moba',
      '21 moba',
      '22 mobe',
      '25 moba',
      '11 moba',
    ]);
  }
});
