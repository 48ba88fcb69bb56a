import {
  accountStepSchema,
  adminUsersQuerySchema,
  ageInYears,
  banUserSchema,
  changePasswordSchema,
  estateStepSchema,
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  isOldEnough,
  isoToday,
  loginSchema,
  MIN_AGE_YEARS,
  normalizePhone,
  PASSWORD_MIN,
  personalStepSchema,
  resetPasswordSchema,
  setNewPasswordSchema,
  signupEstateSchema,
  signupWorkerSchema,
  SKILLS_MAX,
  updateEstateProfileSchema,
  updateWorkerProfileSchema,
  workerDetailsStepSchema,
} from '@moba/contracts';
import type { z } from 'zod';
import { estateInput, startAuth, workerInput, type Auth } from './helpers';

/** The fields a schema complains about for an input (empty when valid). */
const badFields = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.path.join('.')))];
};

/** The date `years` before the product's today (Belgrade), moved by `dayShift` days. */
const yearsAgo = (years: number, dayShift = 0) => {
  const d = new Date(`${isoToday()}T12:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + dayShift);
  return d.toISOString().slice(0, 10);
};

describe('sign-up rules of spec §5 (shared schemas)', () => {
  const worker = workerInput();
  const estate = estateInput();

  test('the valid examples pass', () => {
    expect(badFields(signupWorkerSchema, worker)).toEqual([]);
    expect(badFields(signupEstateSchema, estate)).toEqual([]);
  });

  test.each([
    ['email is required', { email: undefined }, 'email'],
    ['email must be a valid format', { email: 'marko@' }, 'email'],
    ['password is required', { password: undefined, confirmPassword: undefined }, 'password'],
    [
      `password has at least ${PASSWORD_MIN} characters`,
      { password: 'x'.repeat(PASSWORD_MIN - 1), confirmPassword: 'x'.repeat(PASSWORD_MIN - 1) },
      'password',
    ],
    ['confirmation is required', { confirmPassword: undefined }, 'confirmPassword'],
    ['confirmation must match', { confirmPassword: 'something-else' }, 'confirmPassword'],
    ['first name is required', { firstName: '  ' }, 'firstName'],
    ['last name is required', { lastName: undefined }, 'lastName'],
    ['phone is required', { phone: '' }, 'phone'],
    ['phone must be valid', { phone: '12345' }, 'phone'],
    ['phone must be valid for the chosen country', { phone: '+38970123456', phoneCountry: 'RS' }, 'phone'],
    ['phone country must be one of the regions', { phoneCountry: 'DE' }, 'phoneCountry'],
    ['date of birth is required', { dateOfBirth: undefined }, 'dateOfBirth'],
    ['date of birth must be a date', { dateOfBirth: '01.05.1990' }, 'dateOfBirth'],
    [`at least ${MIN_AGE_YEARS} years old`, { dateOfBirth: yearsAgo(MIN_AGE_YEARS, 1) }, 'dateOfBirth'],
    ['date of birth not in the future', { dateOfBirth: '2999-01-01' }, 'dateOfBirth'],
    ['gender is required', { gender: undefined }, 'gender'],
    ['gender is one of male, female, other', { gender: 'x' }, 'gender'],
    ['terms must be accepted', { termsAccepted: false }, 'termsAccepted'],
    ['region is required', { region: undefined }, 'region'],
    ['availability months are 1-12', { availabilityMonths: [0] }, 'availabilityMonths.0'],
    ['availability months are 1-12 (13)', { availabilityMonths: [13] }, 'availabilityMonths.0'],
    ['at least one month', { availabilityMonths: [] }, 'availabilityMonths'],
    ['months do not repeat', { availabilityMonths: [5, 5] }, 'availabilityMonths'],
    [`skills at most ${SKILLS_MAX}`, { skills: 'x'.repeat(SKILLS_MAX + 1) }, 'skills'],
    ['group leader choice is required', { groupLeader: undefined }, 'groupLeader'],
    ['a leader must say how many people', { groupLeader: true, groupSize: undefined }, 'groupSize'],
    [`group size at least ${GROUP_SIZE_MIN}`, { groupSize: GROUP_SIZE_MIN - 1 }, 'groupSize'],
    [`group size at most ${GROUP_SIZE_MAX}`, { groupSize: GROUP_SIZE_MAX + 1 }, 'groupSize'],
    ['group size is whole', { groupSize: 7.5 }, 'groupSize'],
    ['transport choice is required', { transportOrganised: undefined }, 'transportOrganised'],
    ['travel choice is required', { willingToTravel: undefined }, 'willingToTravel'],
    ['municipality must be on the list of the region', { municipality: 'Atlantida' }, 'municipality'],
  ])('worker: %s', (_rule, change, field) => {
    expect(badFields(signupWorkerSchema, { ...worker, ...change })).toContain(field);
  });

  test.each([
    ['estate name is required', { estateName: '' }, 'estateName'],
    ['county is required', { municipality: undefined }, 'municipality'],
    ['county must be on the shared list', { municipality: 'Gotham' }, 'municipality'],
    ['BPG is required', { bpg: undefined }, 'bpg'],
    ['BPG has exactly 12 digits (11)', { bpg: '12345678901' }, 'bpg'],
    ['BPG has exactly 12 digits (13)', { bpg: '1234567890123' }, 'bpg'],
    ['BPG is digits only', { bpg: '12345678901a' }, 'bpg'],
    ['PIB has 9 digits', { pib: '10113470' }, 'pib'],
    ['PIB check digit (ISO 7064 MOD 11,10)', { pib: '101134701' }, 'pib'],
    ['primary industry is required', { primaryIndustry: undefined }, 'primaryIndustry'],
    ['primary industry is one of the list', { primaryIndustry: 'Ribarstvo' }, 'primaryIndustry'],
    ['culture type is required', { cultureTypes: [] }, 'cultureTypes'],
    ['culture type is a known crop', { cultureTypes: ['unobtainium'] }, 'cultureTypes.0'],
    ['size is required', { size: undefined }, 'size'],
    ['size is one of the list', { size: 'huge' }, 'size'],
    ['personal rules apply to estates too: age', { dateOfBirth: yearsAgo(10) }, 'dateOfBirth'],
    ['personal rules apply to estates too: terms', { termsAccepted: undefined }, 'termsAccepted'],
  ])('estate: %s', (_rule, change, field) => {
    expect(badFields(signupEstateSchema, { ...estate, ...change })).toContain(field);
  });

  test('exactly 16 today is old enough; real PIBs validate; numbers of every region validate for their country', () => {
    expect(badFields(signupWorkerSchema, { ...worker, dateOfBirth: yearsAgo(MIN_AGE_YEARS) })).toEqual([]);
    expect(ageInYears('2000-02-29', '2016-02-28')).toBe(15);
    expect(ageInYears('2000-02-29', '2016-03-01')).toBe(16);
    // 23:30 UTC on 2 May is already 3 May in Belgrade: a birthday counts from Belgrade's midnight.
    const belgradeJustAfterMidnight = new Date('2026-05-02T23:30:00Z');
    expect(isoToday(belgradeJustAfterMidnight)).toBe('2026-05-03');
    expect(isOldEnough('2010-05-03', isoToday(belgradeJustAfterMidnight))).toBe(true);
    expect(badFields(signupEstateSchema, { ...estate, pib: '113460262' })).toEqual([]);
    expect(normalizePhone('064 123 4567', 'RS')).toBe('+381641234567');
    expect(normalizePhone('070 123 456', 'MK')).toBe('+38970123456');
    expect(normalizePhone('067 123 456', 'ME')).toBe('+38267123456');
    expect(normalizePhone('061 123 456', 'BA')).toBe('+38761123456');
    expect(normalizePhone('0888 123 456', 'BG')).toBe('+359888123456');
    expect(normalizePhone('064 123 4567', 'MK')).toBeNull();
  });

  test('a non-leader needs no group size; GROUP_SIZE bounds are inclusive', () => {
    expect(badFields(signupWorkerSchema, { ...worker, groupLeader: false, groupSize: undefined })).toEqual(
      [],
    );
    expect(badFields(signupWorkerSchema, { ...worker, groupSize: GROUP_SIZE_MIN })).toEqual([]);
    expect(badFields(signupWorkerSchema, { ...worker, groupSize: GROUP_SIZE_MAX })).toEqual([]);
  });

  test('the step schemas check their own part, so the web can validate step by step', () => {
    expect(
      badFields(accountStepSchema, {
        email: 'a@b.rs',
        password: 'password1',
        confirmPassword: 'password2',
        termsAccepted: true,
      }),
    ).toEqual(['confirmPassword']);
    expect(badFields(personalStepSchema, { ...worker, phone: '1' })).toEqual(['phone']);
    expect(
      badFields(workerDetailsStepSchema, {
        groupLeader: true,
        transportOrganised: true,
        willingToTravel: false,
      }),
    ).toEqual(['groupSize']);
    expect(badFields(estateStepSchema, { ...estate, bpg: '1' })).toEqual(['bpg']);
  });
});

describe('other request rules', () => {
  test('login, reset and new-password bodies', () => {
    expect(badFields(loginSchema, { email: 'x', password: '' })).toEqual(['email', 'password']);
    expect(badFields(resetPasswordSchema, {})).toEqual(['email']);
    expect(
      badFields(setNewPasswordSchema, { token: 't', password: 'password1', confirmPassword: 'password2' }),
    ).toEqual(['confirmPassword']);
    expect(badFields(setNewPasswordSchema, { password: 'password1', confirmPassword: 'password1' })).toEqual([
      'token',
    ]);
  });

  test('change password requires the current password and a confirmed new one', () => {
    expect(badFields(changePasswordSchema, { password: 'password1', confirmPassword: 'password1' })).toEqual([
      'currentPassword',
    ]);
    expect(
      badFields(changePasswordSchema, {
        currentPassword: 'old',
        password: 'short',
        confirmPassword: 'short',
      }),
    ).toEqual(['password']);
    expect(
      badFields(changePasswordSchema, {
        currentPassword: 'old',
        password: 'password1',
        confirmPassword: 'nope',
      }),
    ).toEqual(['confirmPassword']);
  });

  test('profile updates: only known fields, each with its rule', () => {
    expect(badFields(updateWorkerProfileSchema, {})).toEqual([]);
    expect(badFields(updateWorkerProfileSchema, { phone: '1' })).toEqual(['']);
    expect(badFields(updateEstateProfileSchema, { description: ' ' })).toEqual(['description']);
    expect(badFields(updateEstateProfileSchema, { description: 'x'.repeat(700) })).toEqual(['description']);
    expect(badFields(updateEstateProfileSchema, { description: 'x'.repeat(699) })).toEqual([]);
  });

  test('admin list query and ban body', () => {
    expect(badFields(adminUsersQuerySchema, { search: 'ab' })).toEqual(['search']);
    expect(adminUsersQuerySchema.parse({ search: 'abc' })).toMatchObject({
      search: 'abc',
      sort: 'date',
      status: 'all',
      page: 1,
    });
    expect(badFields(adminUsersQuerySchema, { sort: 'email' })).toEqual(['sort']);
    expect(badFields(banUserSchema, {})).toEqual(['reason']);
  });
});

describe('the service applies the same rules over HTTP', () => {
  let auth: Auth;
  beforeAll(async () => {
    auth = await startAuth();
  });
  afterAll(() => auth.stop());

  test.each([
    ['/signup-worker', () => workerInput({ groupSize: 201 }), 'body.groupSize'],
    ['/signup-worker', () => workerInput({ dateOfBirth: yearsAgo(15) }), 'body.dateOfBirth'],
    ['/signup-worker', () => workerInput({ phone: '+38970123456' }), 'body.phone'],
    ['/signup-estate', () => estateInput({ bpg: '123' }), 'body.bpg'],
    ['/signup-estate', () => estateInput({ pib: '101134701' }), 'body.pib'],
    ['/signup-estate', () => estateInput({ municipality: 'Nigde' }), 'body.municipality'],
  ])('%s rejects %#', async (path, input, field) => {
    const res = await auth.client.post(path, input());
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });
});
