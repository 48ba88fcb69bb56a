import {
  createVacancySchema,
  DESCRIPTION_MAX,
  HOURS_PER_DAY_MAX,
  TITLE_MAX,
  VACANCY_MAX_DAYS,
  vacancyDateProblems,
  vacancyLengthDays,
  workDurationHours,
} from '@moba/contracts';
import { addDays, validVacancy } from './helpers';

const today = '2026-06-10';
const check = (overrides: Record<string, unknown>, day: string | undefined = today) =>
  createVacancySchema(day).safeParse(validVacancy(today, overrides));
const fieldsOf = (overrides: Record<string, unknown>, day?: string) => {
  const result = check(overrides, day);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const failsOn = (field: string, overrides: Record<string, unknown>) =>
  expect(fieldsOf(overrides).some((f) => f.startsWith(`${field}:`))).toBe(true);

describe('the create-vacancy rules of spec §5', () => {
  it('accepts a complete vacancy', () => {
    expect(fieldsOf({})).toEqual([]);
  });

  it('requires a title of at most TITLE_MAX characters', () => {
    failsOn('title', { title: '' });
    failsOn('title', { title: '   ' });
    failsOn('title', { title: 'x'.repeat(TITLE_MAX + 1) });
    expect(fieldsOf({ title: 'x'.repeat(TITLE_MAX) })).toEqual([]);
  });

  it('requires a description of at most DESCRIPTION_MAX characters', () => {
    failsOn('description', { description: '' });
    failsOn('description', { description: 'a'.repeat(DESCRIPTION_MAX + 1) });
    expect(fieldsOf({ description: 'a'.repeat(DESCRIPTION_MAX) })).toEqual([]);
  });

  it('refuses a description carrying a phone number', () => {
    expect(fieldsOf({ description: 'Zovite 064 123 4567' })).toEqual([
      'description: must not contain a phone number',
    ]);
  });

  it('requires a municipality from the reference list of its region', () => {
    failsOn('municipality', { municipality: '' });
    failsOn('municipality', { municipality: 'Atlantida' });
    failsOn('municipality', { municipality: 'Arilje', region: 'MK' });
    expect(fieldsOf({ municipality: 'Surčin' })).toEqual([]);
    expect(fieldsOf({ municipality: 'Bitola', region: 'MK' })).toEqual([]);
  });

  it('takes crops and job activities only from the reference lists, at least one activity', () => {
    failsOn('crops.0', { crops: ['banana'] });
    failsOn('jobActivities', { jobActivities: [] });
    failsOn('jobActivities.0', { jobActivities: ['juggling'] });
    expect(fieldsOf({ crops: [] })).toEqual([]);
  });

  it('refuses a start date in the past and accepts today', () => {
    failsOn('startDate', { startDate: addDays(today, -1), endDate: addDays(today, 2) });
    expect(fieldsOf({ startDate: today, endDate: today })).toEqual([]);
  });

  it('refuses an end date before the start date', () => {
    failsOn('endDate', { startDate: addDays(today, 5), endDate: addDays(today, 4) });
  });

  it(`allows at most ${VACANCY_MAX_DAYS} days, both ends counted`, () => {
    const start = addDays(today, 1);
    expect(fieldsOf({ startDate: start, endDate: addDays(start, VACANCY_MAX_DAYS - 1) })).toEqual([]);
    failsOn('endDate', { startDate: start, endDate: addDays(start, VACANCY_MAX_DAYS) });
    expect(vacancyLengthDays(start, start)).toBe(1);
  });

  it('checks the dates against the given today only; without one the past-start rule is left to the server', () => {
    expect(
      createVacancySchema().safeParse(validVacancy(today, { startDate: '2020-01-01', endDate: '2020-01-05' }))
        .success,
    ).toBe(true);
    expect(vacancyDateProblems({ startDate: '2020-01-01', endDate: '2020-01-05' }, today)).toEqual([
      { field: 'startDate', code: 'date_in_past', message: 'must not be in the past' },
    ]);
  });

  it('needs at least one worker, as a whole number', () => {
    failsOn('numberOfWorkers', { numberOfWorkers: 0 });
    failsOn('numberOfWorkers', { numberOfWorkers: 2.5 });
    failsOn('numberOfWorkers', { numberOfWorkers: undefined });
  });

  it('defaults the work times to 07:00–16:00', () => {
    const result = createVacancySchema(today).parse(
      validVacancy(today, { workStartTime: undefined, workEndTime: undefined, hoursPerDay: 9 }),
    );
    expect([result.workStartTime, result.workEndTime]).toEqual(['07:00', '16:00']);
  });

  it('rolls the work duration over midnight and rounds it up to whole hours', () => {
    expect(workDurationHours('22:00', '06:30')).toBe(9);
    expect(workDurationHours('07:00', '16:00')).toBe(9);
    expect(workDurationHours('07:00', '15:01')).toBe(9);
    expect(workDurationHours('23:30', '00:15')).toBe(1);
    expect(fieldsOf({ workStartTime: '22:00', workEndTime: '06:30', hoursPerDay: 9 })).toEqual([]);
    expect(fieldsOf({ workStartTime: '22:00', workEndTime: '06:30', hoursPerDay: 8 })).toEqual([
      'hoursPerDay: must match the work times (9 h)',
    ]);
  });

  it('keeps hours per day between 1 and 16 and refuses the same start and end time', () => {
    failsOn('hoursPerDay', { hoursPerDay: 0 });
    failsOn('hoursPerDay', { hoursPerDay: HOURS_PER_DAY_MAX + 1 });
    failsOn('workEndTime', { workStartTime: '05:00', workEndTime: '22:00', hoursPerDay: 16 + 1 });
    failsOn('workEndTime', { workStartTime: '07:00', workEndTime: '07:00' });
    expect(fieldsOf({ workStartTime: '05:00', workEndTime: '21:00', hoursPerDay: 16 })).toEqual([]);
    failsOn('workStartTime', { workStartTime: '25:00' });
  });

  it('requires the food, transport, accommodation and group-leader answers', () => {
    for (const field of [
      'foodProvided',
      'transportProvided',
      'accommodationProvided',
      'groupLeadersAccepted',
    ])
      failsOn(field, { [field]: undefined });
  });

  it('requires the daily wage for a daily wage, norm and norm price for a norm, nothing for by agreement', () => {
    failsOn('dailyWage', { paymentType: 'DailyWage', dailyWage: undefined });
    failsOn('norm', { paymentType: 'Norm', dailyWage: undefined, normPrice: 40 });
    failsOn('normPrice', { paymentType: 'Norm', dailyWage: undefined, norm: '100 kg' });
    expect(
      fieldsOf({ paymentType: 'Norm', dailyWage: undefined, norm: '100 kg dnevno', normPrice: 40 }),
    ).toEqual([]);
    expect(fieldsOf({ paymentType: 'ByAgreement', dailyWage: undefined })).toEqual([]);
    failsOn('paymentType', { paymentType: 'Barter' });
  });

  it('drops the amount fields of the other payment types', () => {
    const result = createVacancySchema(today).parse(
      validVacancy(today, { paymentType: 'ByAgreement', dailyWage: 3000, norm: 'x', normPrice: 5 }),
    );
    expect(result).not.toHaveProperty('dailyWage');
    expect(result).not.toHaveProperty('normPrice');
  });

  it('refuses urgent as coming soon, takes the sponsored choice, defaults it to no', () => {
    expect(fieldsOf({ urgent: true })).toEqual(['urgent: coming soon']);
    expect(createVacancySchema(today).parse(validVacancy(today, { sponsored: undefined })).sponsored).toBe(
      false,
    );
  });
});
