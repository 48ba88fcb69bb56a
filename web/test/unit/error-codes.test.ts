import { readFileSync } from 'node:fs';
import path from 'node:path';
import { issueCodes, serviceErrorCodes } from '@moba/contracts';
import { fieldsFromDetails, translateIssue } from '../../src/lib/issue-token';

const dir = path.resolve(__dirname, '../../src/locales');
type Tree = { [k: string]: Tree | string };
const load = (lng: string, ns: string): Tree =>
  JSON.parse(readFileSync(path.join(dir, lng, `${ns}.json`), 'utf8')) as Tree;
/** A key's text, or the `other` form of a key said in plural forms. */
const lookup = (tree: Tree, key: string): string | undefined => {
  const at = (path: string) => {
    let node: Tree | string | undefined = tree;
    for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  return at(key) ?? at(`${key}_other`);
};
/** The text a token reads in a language: the first of its keys that exists (as i18next picks). */
const textOf = (lng: string, token: string) => {
  const { key, fallbacks } = translateIssue(token);
  for (const candidate of [key, ...fallbacks]) {
    const [ns, rest] = candidate.split(':');
    const text = lookup(load(lng, ns), rest);
    if (text) return { key: candidate, text };
  }
  return undefined;
};

describe.each(['sr-Latn', 'en'])('every error the server can answer has its own text in %s', (lng) => {
  test.each([...serviceErrorCodes])('error code %s', (code) => {
    expect(lookup(load(lng, 'errors'), code)).toEqual(expect.any(String));
  });

  test.each([...issueCodes])('field issue %s', (code) => {
    expect(lookup(load(lng, 'common'), `validation.${code}`)).toEqual(expect.any(String));
  });
});

describe('a field error is read from its code, never from the server text', () => {
  test('a reworded server message still reads the translation of its code and limit', () => {
    const fields = fieldsFromDetails([
      {
        field: 'numberOfWorkers',
        code: 'too_big',
        limit: 1000,
        message: 'Number must be ≤ 1000 (reworded)',
      } as never,
    ]);
    expect(fields).toEqual({ numberOfWorkers: 'too_big:1000' });
    expect(textOf('sr-Latn', fields.numberOfWorkers)).toEqual({
      key: 'common:validation.too_big',
      text: 'Najviše {{limit}}.',
    });
    expect(translateIssue(fields.numberOfWorkers).params).toEqual({ limit: 1000, count: 1000 });
  });

  test("a service's code on a field (a bulk rating refused for one worker) reads the errors namespace", () => {
    expect(textOf('en', 'RATING.ALREADY_RATED')?.key).toBe('errors:RATING.ALREADY_RATED');
  });

  test('an unknown code falls back to "check the value", not to English from the server', () => {
    expect(textOf('sr-Latn', 'some_new_code')?.key).toBe('common:validation.invalid');
  });
});

test('no issue code ends like an i18next plural form, which would hide its text', () => {
  expect(issueCodes.filter((code) => /_(zero|one|two|few|many|other)$/.test(code))).toEqual([]);
});
