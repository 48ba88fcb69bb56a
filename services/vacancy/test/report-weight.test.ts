import {
  hidingWeight,
  NEW_ACCOUNTS_MAX,
  weighReporter,
  WEIGHT_TO_HIDE,
  weightToHide,
  type WeighedReport,
} from '../src/domain/report-weight';

/** The weighing rule of worker reports (pure). */
const now = new Date('2026-07-01T10:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
const arilje = { municipality: 'Arilje' };
const trusted = {
  registeredAt: daysAgo(400),
  emailConfirmed: true,
  appliedIn: ['Arilje'],
  acceptedOn: ['v1'],
};

describe('a report weighs by what the reporter has at stake', () => {
  test('an unknown or fresh unconfirmed account weighs 1, with no signals', () => {
    expect(weighReporter(undefined, arilje, now)).toEqual({ weight: 1, signals: [] });
    expect(weighReporter({ registeredAt: daysAgo(0) }, arilje, now)).toEqual({ weight: 1, signals: [] });
  });

  test('each signal adds its weight: e-mail 1, a month-old account 2, applied nearby 1, worked 3', () => {
    expect(weighReporter({ emailConfirmed: true }, arilje, now)).toEqual({
      weight: 2,
      signals: ['email_confirmed'],
    });
    expect(weighReporter({ registeredAt: daysAgo(30) }, arilje, now)).toEqual({
      weight: 3,
      signals: ['established'],
    });
    expect(weighReporter({ registeredAt: daysAgo(29) }, arilje, now).signals).toEqual([]);
    expect(weighReporter({ appliedIn: ['Arilje'] }, arilje, now)).toEqual({
      weight: 2,
      signals: ['applied_nearby'],
    });
    expect(weighReporter({ acceptedOn: ['v1'] }, arilje, now)).toEqual({ weight: 4, signals: ['worked'] });
    expect(weighReporter(trusted, arilje, now)).toEqual({
      weight: 8,
      signals: ['email_confirmed', 'established', 'applied_nearby', 'worked'],
    });
  });

  test('applying in the same district counts as nearby; elsewhere it does not', () => {
    expect(weighReporter({ appliedIn: ['Požega'] }, arilje, now).signals).toEqual(['applied_nearby']);
    expect(weighReporter({ appliedIn: ['Subotica'] }, arilje, now).signals).toEqual([]);
  });

  test('no single reporter weighs enough to hide a moba', () => {
    expect(weighReporter(trusted, arilje, now).weight).toBeLessThan(WEIGHT_TO_HIDE);
  });
});

describe('the weight that counts toward hiding', () => {
  const fresh = (reportedAt = daysAgo(1)): WeighedReport => ({
    reportedAt,
    weight: 3,
    signals: ['email_confirmed', 'applied_nearby'],
  });
  const veteran = (reportedAt = daysAgo(1)): WeighedReport => ({
    reportedAt,
    ...weighReporter(trusted, arilje, now),
  });

  test('new accounts together count at most NEW_ACCOUNTS_MAX, however many they are', () => {
    expect(
      hidingWeight(
        Array.from({ length: 50 }, () => fresh()),
        undefined,
      ),
    ).toBe(NEW_ACCOUNTS_MAX);
    expect(hidingWeight([fresh(), fresh(), fresh()], undefined)).toBeLessThan(WEIGHT_TO_HIDE);
  });

  test('trusted reporters count in full and hide a moba together', () => {
    expect(hidingWeight([veteran(), veteran()], undefined)).toBe(16);
    expect(hidingWeight([veteran(), veteran()], undefined)).toBeGreaterThanOrEqual(WEIGHT_TO_HIDE);
    expect(hidingWeight([veteran(), fresh()], undefined)).toBe(11);
  });

  test('reports stored before weighing count as a fresh account', () => {
    expect(hidingWeight([{ reportedAt: daysAgo(1) }], undefined)).toBe(1);
  });

  test('only reports made after the last decision count', () => {
    const decidedAt = daysAgo(2);
    expect(hidingWeight([veteran(daysAgo(3)), veteran(daysAgo(3)), veteran(decidedAt)], decidedAt)).toBe(0);
    expect(hidingWeight([veteran(daysAgo(3)), veteran(daysAgo(1))], decidedAt)).toBe(8);
  });

  test('each keep raises the bar', () => {
    expect(weightToHide(0)).toBe(WEIGHT_TO_HIDE);
    expect(weightToHide(1)).toBeGreaterThan(hidingWeight([veteran(), fresh()], undefined));
    expect(weightToHide(1)).toBeLessThanOrEqual(hidingWeight([veteran(), veteran()], undefined));
    expect(weightToHide(2)).toBeGreaterThan(weightToHide(1));
  });
});
