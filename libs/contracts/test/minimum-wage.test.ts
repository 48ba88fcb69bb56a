import { crops, legalMinimumDailyWage, minimumWageOn, minimumWagePeriods } from '../src';

describe('legal minimum wage', () => {
  it.each([
    ['2025-06-15', 308],
    ['2025-10-01', 337],
    ['2025-12-31', 337],
    ['2026-01-01', 371],
    ['2027-03-01', 371],
    ['2024-05-01', 308],
  ])('on %s is %i RSD net per hour', (day, rsd) => {
    expect(minimumWageOn(day).netRsdPerHour).toBe(rsd);
  });

  it('scales with the hours of the day', () => {
    expect(legalMinimumDailyWage(8, '2026-07-01')).toBe(2968);
    expect(legalMinimumDailyWage(10, '2025-07-01')).toBe(3080);
  });

  it('keeps its periods in date order, each with a source', () => {
    const days = minimumWagePeriods.map((p) => p.from);
    expect([...days].sort()).toEqual(days);
    for (const period of minimumWagePeriods) expect(period.source.length).toBeGreaterThan(20);
  });
});

describe('harvest months', () => {
  it('are known for the crops of the reference calendar', () => {
    const byId = Object.fromEntries(crops.map((c) => [c.id, c.harvestMonths]));
    expect(byId['malina']).toEqual([6, 7, 8]);
    expect(byId['grozdje-vinova-loza']).toEqual([8, 9, 10]);
    expect(byId['psenica']).toEqual([6, 7]);
    expect(byId['paprika']).toBeUndefined();
  });
});
