import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The namespaces of the shell, public site, registration, auth and notifications. */
const namespaces = [
  'common',
  'public',
  'auth',
  'registration',
  'errors',
  'notifications',
  'shell',
  'find',
  'harvest',
  'crew',
  'day-of-work',
  'job-alerts',
  'install',
];
const dir = path.resolve(__dirname, '../../src/locales');
const load = (lng: string, ns: string) => JSON.parse(readFileSync(path.join(dir, lng, `${ns}.json`), 'utf8'));

type Tree = { [k: string]: Tree | string };
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
  );
}
/** Plural variants collapse to their base key (Serbian has _one/_few/_other, English _one/_other). */
const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');

describe.each(namespaces)('locale namespace %s', (ns) => {
  const sr = keys(load('sr-Latn', ns));
  const en = keys(load('en', ns));

  test('Serbian and English have the same keys', () => {
    expect([...new Set(en.map(base))].sort()).toEqual([...new Set(sr.map(base))].sort());
  });

  test('every Serbian plural has one, few and other; every English plural has one and other', () => {
    for (const k of new Set(sr.filter((x) => x !== base(x)).map(base))) {
      for (const form of ['one', 'few', 'other']) expect(sr).toContain(`${k}_${form}`);
    }
    for (const k of new Set(en.filter((x) => x !== base(x)).map(base))) {
      for (const form of ['one', 'other']) expect(en).toContain(`${k}_${form}`);
    }
  });

  test('no text is left empty or as lorem ipsum', () => {
    const texts = (t: Tree): string[] =>
      Object.values(t).flatMap((v) => (typeof v === 'string' ? [v] : texts(v)));
    for (const text of [...texts(load('sr-Latn', ns)), ...texts(load('en', ns))]) {
      expect(text.trim()).not.toBe('');
      expect(text.toLowerCase()).not.toContain('lorem');
    }
  });
});

test('there is no hand-written Cyrillic locale: it is generated from sr-Latn', () => {
  expect(() => readFileSync(path.join(dir, 'sr-Cyrl', 'common.json'))).toThrow();
});

/** Brand and technical words a Cyrillic reader still sees in Latin letters (lib/translit.ts keeps [[marked]] text). */
const latinOnly = /\b(IPS|QR|SMS|RSD|UUID|JPG|PNG|WebP|NBS)\b/;
const notWeb2 = [...namespaces, 'admin', 'contact', 'donations', 'payment'];
test.each(notWeb2)('namespace %s marks its Latin-only words so the Cyrillic text keeps them', (ns) => {
  const texts = (t: Tree): string[] =>
    Object.values(t).flatMap((v) => (typeof v === 'string' ? [v] : texts(v)));
  const unmarked = texts(load('sr-Latn', ns))
    .map((text) => text.replace(/\[\[[^\]]*\]\]|\{\{[^}]*\}\}|https?:\/\/\S+|[\w.+-]+@[\w-]+\.[\w.]+/g, ''))
    .filter((text) => latinOnly.test(text));
  expect(unmarked).toEqual([]);
});
