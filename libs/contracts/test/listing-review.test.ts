import { legalMinimumDailyWage, monthsBetween, reviewReasons, type ListingFacts } from '../src';

const listing = (change: Partial<ListingFacts> = {}): ListingFacts => ({
  paymentType: 'DailyWage',
  dailyWage: 4000,
  hoursPerDay: 8,
  startDate: '2026-07-01',
  endDate: '2026-07-10',
  crops: ['malina'],
  jobActivities: ['berba-branje'],
  ...change,
});
const codes = (change: Partial<ListingFacts>) => reviewReasons(listing(change)).map((r) => r.code);

describe('a new listing is held for review', () => {
  test.each<[string, Partial<ListingFacts>, string[]]>([
    ['a fair raspberry harvest in July opens at once', {}, []],
    [
      '8 hours for 2968 RSD in 2026 is the minimum: opens',
      { dailyWage: legalMinimumDailyWage(8, '2026-07-01') },
      [],
    ],
    [
      'one dinar below the minimum is held',
      { dailyWage: legalMinimumDailyWage(8, '2026-07-01') - 1 },
      ['below_minimum_wage'],
    ],
    ['10 hours for 3000 RSD is held', { hoursPerDay: 10, dailyWage: 3000 }, ['below_minimum_wage']],
    [
      'the 2025 minimum applies to a moba starting in 2025',
      { startDate: '2025-07-01', endDate: '2025-07-02', dailyWage: 2500 },
      [],
    ],
    ['a norm or an agreement has no daily wage to check', { paymentType: 'Norm', dailyWage: undefined }, []],
    [
      'raspberries harvested in November are held',
      { startDate: '2026-11-20', endDate: '2026-11-25' },
      ['out_of_season'],
    ],
    ['a harvest touching a harvest month opens', { startDate: '2026-05-25', endDate: '2026-06-02' }, []],
    [
      'pruning raspberries in November opens',
      { startDate: '2026-11-20', endDate: '2026-11-25', jobActivities: ['rezidba-orezivanje'] },
      [],
    ],
    [
      'a crop without known harvest months is not checked',
      { crops: ['kupina'], startDate: '2026-01-10', endDate: '2026-01-12' },
      [],
    ],
    ['no crop, nothing to check', { crops: [], startDate: '2026-01-10', endDate: '2026-01-12' }, []],
    [
      'both reasons together',
      { startDate: '2026-12-01', endDate: '2026-12-03', dailyWage: 1000 },
      ['below_minimum_wage', 'out_of_season'],
    ],
    [
      'a run over New Year touches December and January',
      { crops: ['jabuka'], startDate: '2026-12-30', endDate: '2027-01-02' },
      ['out_of_season'],
    ],
  ])('%s', (_name, change, expected) => {
    expect(codes(change)).toEqual(expected);
  });

  test('the wage reason names the minimum, the hourly rate and its legal source', () => {
    const [reason] = reviewReasons(listing({ dailyWage: 2000 }));
    expect(reason).toMatchObject({
      code: 'below_minimum_wage',
      dailyWage: 2000,
      minimum: 2968,
      netRsdPerHour: 371,
    });
    expect(reason).toHaveProperty('source', expect.stringContaining('2026'));
  });

  test('months between two days, across a year end', () => {
    expect([...monthsBetween('2026-11-28', '2027-02-01')]).toEqual([11, 12, 1, 2]);
  });
});
