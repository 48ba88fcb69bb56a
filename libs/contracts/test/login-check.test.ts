import fc from 'fast-check';
import { detailsFromIssues, loginIssues, loginSchema } from '../src';

/** loginSchema's first problem with each field, as the form would show it. */
function schemaIssues(input: { email: string; password: string }) {
  const result = loginSchema.safeParse(input);
  const first = new Map<string, { field: string; code: string; limit?: number | string }>();
  for (const d of detailsFromIssues(result.error?.issues ?? [], input))
    if (!first.has(d.field))
      first.set(d.field, {
        field: d.field,
        code: d.code,
        ...(d.limit === undefined ? {} : { limit: d.limit }),
      });
  return [...first.values()];
}

const emails = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((e) => ` ${e.toUpperCase()} `),
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '',
    '   ',
    'a@b',
    'a@b.c',
    '.a@b.rs',
    'a..b@c.rs',
    'ana@farma.rs',
    `${'a'.repeat(250)}@x.rs`,
  ),
);
const passwords = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', ' ', 'x'.repeat(128), 'x'.repeat(129)),
);

describe("the login form's plain check (login-check.ts) and loginSchema", () => {
  test('find the same first problem with each field, for any input', () => {
    fc.assert(
      fc.property(emails, passwords, (email, password) => {
        expect(loginIssues({ email, password })).toEqual(schemaIssues({ email, password }));
      }),
      { numRuns: 2000 },
    );
  });

  test('known cases: empty, too long and malformed fields, and a good pair', () => {
    expect(loginIssues({ email: ' ', password: '' })).toEqual([
      { field: 'email', code: 'required' },
      { field: 'password', code: 'required' },
    ]);
    expect(loginIssues({ email: 'ana@', password: 'x'.repeat(129) })).toEqual([
      { field: 'email', code: 'invalid_email' },
      { field: 'password', code: 'too_long', limit: 128 },
    ]);
    expect(loginIssues({ email: ' Ana@Farma.RS ', password: 'tajna' })).toEqual([]);
  });
});
