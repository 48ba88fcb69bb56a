import { decideFeaturing, type VacancyReplica } from '../src/domain/payment';

const vacancy = (overrides: Partial<VacancyReplica> = {}): VacancyReplica => ({
  _id: crypto.randomUUID(),
  estateId: crypto.randomUUID(),
  featuring: 'paid',
  status: 'Pending',
  featured: false,
  ...overrides,
});

describe('featuring price and promo rules', () => {
  test('a paid vacancy is charged the configured price', () => {
    expect(decideFeaturing(vacancy(), 1500, false)).toEqual({ kind: 'checkout', amount: 1500 });
    expect(decideFeaturing(vacancy(), 2000, false)).toEqual({ kind: 'checkout', amount: 2000 });
  });

  test("the promo's free vacancy needs no checkout, whatever its state", () => {
    expect(
      decideFeaturing(vacancy({ featuring: 'free', status: 'Open', featured: true }), 1500, false),
    ).toEqual({ kind: 'free' });
  });

  test('a vacancy without the sponsored choice is not featurable', () => {
    expect(decideFeaturing(vacancy({ featuring: 'none', status: 'Open' }), 1500, false)).toEqual({
      kind: 'refuse',
      reason: 'NOT_FEATURABLE',
    });
  });

  test('a featured vacancy, or one with a succeeded payment, is not charged again', () => {
    expect(decideFeaturing(vacancy({ featured: true, status: 'Open' }), 1500, false)).toEqual({
      kind: 'refuse',
      reason: 'ALREADY_FEATURED',
    });
    expect(decideFeaturing(vacancy(), 1500, true)).toEqual({ kind: 'refuse', reason: 'ALREADY_FEATURED' });
  });

  test.each([
    ['Pending', 'checkout'],
    ['Open', 'checkout'],
    [undefined, 'checkout'],
    ['Closed', 'refuse'],
    ['Finished', 'refuse'],
  ])('a paid vacancy in status %s → %s', (status, kind) => {
    expect(decideFeaturing(vacancy({ status }), 1500, false).kind).toBe(kind);
  });
});
