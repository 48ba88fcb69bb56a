import { basicInfoStepSchema, signupWorkerSchema } from '../src';

const problems = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('sign-up reports every problem at once', () => {
  test('an empty form names each field once, and an empty date of birth says it is required', () => {
    const found = problems(basicInfoStepSchema.safeParse({ dateOfBirth: '' }));
    expect(found).toContain('dateOfBirth: date of birth is required');
    const fields = found.map((p) => p.split(':')[0]);
    expect(fields).toEqual(expect.arrayContaining(['firstName', 'lastName', 'phone', 'email', 'password']));
    expect(fields.filter((f) => f === 'phone')).toHaveLength(1);
  });

  test('too young and a password mismatch are reported together with a missing field', () => {
    const found = problems(
      basicInfoStepSchema.safeParse({
        firstName: '',
        lastName: 'Petrović',
        phone: '0641234567',
        phoneCountry: 'RS',
        dateOfBirth: `${new Date().getFullYear() - 10}-01-01`,
        gender: 'female',
        region: 'RS',
        email: 'milena@example.com',
        password: 'sigurna-lozinka-1',
        confirmPassword: 'druga-lozinka-1',
        termsAccepted: true,
      }),
    );
    expect(found).toEqual([
      'firstName: first name is required',
      'confirmPassword: passwords do not match',
      'dateOfBirth: must be at least 16 years old',
    ]);
  });

  test('a body that is not an object is refused without running the cross-field rules', () => {
    expect(signupWorkerSchema.safeParse(undefined).success).toBe(false);
    expect(signupWorkerSchema.safeParse('text').success).toBe(false);
  });
});
