import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import {
  banUserSchema,
  createVacancyFields,
  detailsFromIssues,
  serviceErrorCodes,
  signupWorkerSchema,
  type ErrorDetail,
} from '../src';

const root = path.resolve(__dirname, '../../..');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return full.endsWith('.ts') && !full.endsWith('.test.ts') ? [full] : [];
  });
}

test('every error code written literally in a service, the gateway or the platform is in the catalogue', () => {
  const dirs = [
    'gateway/src',
    'libs/platform/src',
    ...readdirSync(path.join(root, 'services')).map((s) => `services/${s}/src`),
  ];
  const literal = /(?:new AppError\(|sendError\(\s*res,\s*\d+,\s*)'([A-Z_.]+)'/g;
  const found = new Set<string>();
  for (const file of dirs.flatMap((d) => sourceFiles(path.join(root, d)))) {
    for (const match of readFileSync(file, 'utf8').matchAll(literal)) found.add(match[1]);
  }
  expect(found.size).toBeGreaterThan(5);
  expect([...found].filter((code) => !serviceErrorCodes.includes(code as never))).toEqual([]);
});

const detailsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : detailsFromIssues(result.error.issues, input);
};
const only = (details: ErrorDetail[], field: string) =>
  details.filter((d) => d.field === field).map(({ code, limit }) => ({ code, limit }));

describe('each refused field says what is wrong, with the limit', () => {
  const workers = createVacancyFields.pick({ numberOfWorkers: true });
  test.each([
    [1e9, { code: 'too_big', limit: 1000 }],
    [2.5, { code: 'not_integer', limit: undefined }],
    ['5', { code: 'not_number', limit: undefined }],
    [0, { code: 'too_small', limit: 1 }],
    [undefined, { code: 'required', limit: undefined }],
  ])('numberOfWorkers %p', (value, expected) => {
    expect(only(detailsOf(workers, { numberOfWorkers: value }), 'numberOfWorkers')).toEqual([expected]);
  });

  test('a ban reason that is a number is "not text", a blank one "required", a long one "too long"', () => {
    expect(only(detailsOf(banUserSchema, { reason: 123 }), 'reason')).toEqual([
      { code: 'not_text', limit: undefined },
    ]);
    expect(detailsOf(banUserSchema, { reason: 123 })[0].message).toBe('reason must be text');
    expect(only(detailsOf(banUserSchema, { reason: '  ' }), 'reason')).toEqual([
      { code: 'required', limit: undefined },
    ]);
    expect(only(detailsOf(banUserSchema, {}), 'reason')).toEqual([{ code: 'required', limit: undefined }]);
    expect(only(detailsOf(banUserSchema, { reason: 'x'.repeat(501) }), 'reason')).toEqual([
      { code: 'too_long', limit: 500 },
    ]);
  });

  test('the rules of sign-up carry their own codes', () => {
    const details = detailsOf(signupWorkerSchema, {
      email: 'not-an-email',
      password: 'short',
      confirmPassword: 'other',
      termsAccepted: false,
    });
    expect(only(details, 'email')).toEqual([{ code: 'invalid_email', limit: undefined }]);
    expect(only(details, 'password')).toEqual([{ code: 'too_short', limit: 8 }]);
    expect(only(details, 'termsAccepted')).toEqual([{ code: 'terms_required', limit: undefined }]);
  });
});
