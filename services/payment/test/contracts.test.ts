import {
  createPaymentBodySchema,
  donationInstructionsBodySchema,
  donationTierOf,
  formatRsd,
  PaymentCancelled,
  PaymentFailed,
  PaymentSucceeded,
  paymentEvents,
  topics,
} from '@moba/contracts';

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('payment contracts', () => {
  test('a donation tier is derived from the amount, a bound belonging to the lower tier (spec §9)', () => {
    expect(donationTierOf(1)).toBe('small');
    expect(donationTierOf(4999.99)).toBe('small');
    expect(donationTierOf(5000)).toBe('small');
    expect(donationTierOf(5000.01)).toBe('medium');
    expect(donationTierOf(10000)).toBe('medium');
    expect(donationTierOf(10000.01)).toBe('large');
    expect(donationTierOf(250000)).toBe('large');
  });

  test('a donation without an amount is refused naming the amount as required (spec §5)', () => {
    const result = createPaymentBodySchema.safeParse({ purpose: 'donation', method: 'card' });
    expect(result.success).toBe(false);
    expect(issuesOf(result)).toEqual(['amount: amount is required']);
  });

  test.each([[0], [-100], [0.5], [12.345], [Number.NaN], ['1500']])(
    'a donation of %p RSD is refused',
    (amount) => {
      expect(createPaymentBodySchema.safeParse({ purpose: 'donation', amount, method: 'card' }).success).toBe(
        false,
      );
    },
  );

  test('a donation takes RSD with up to two decimals and the methods qr, slip and card', () => {
    for (const method of ['qr', 'slip', 'card']) {
      expect(createPaymentBodySchema.safeParse({ purpose: 'donation', amount: 1234.5, method }).success).toBe(
        true,
      );
    }
    expect(
      createPaymentBodySchema.safeParse({ purpose: 'donation', amount: 100, method: 'cash' }).success,
    ).toBe(false);
  });

  test('a tier sent with a donation must match its amount', () => {
    expect(
      createPaymentBodySchema.safeParse({ purpose: 'donation', amount: 7000, method: 'card', tier: 'medium' })
        .success,
    ).toBe(true);
    const wrong = createPaymentBodySchema.safeParse({
      purpose: 'donation',
      amount: 7000,
      method: 'card',
      tier: 'small',
    });
    expect(issuesOf(wrong)).toEqual(['tier: does not match the amount (expected medium)']);
  });

  test('a featuring names its vacancy by a UUID v4', () => {
    expect(
      createPaymentBodySchema.safeParse({ purpose: 'featuring', vacancyId: crypto.randomUUID() }).success,
    ).toBe(true);
    expect(createPaymentBodySchema.safeParse({ purpose: 'featuring', vacancyId: 'abc' }).success).toBe(false);
    expect(
      createPaymentBodySchema.safeParse({
        purpose: 'featuring',
        vacancyId: '00000000-0000-1000-8000-000000000000',
      }).success,
    ).toBe(false);
    expect(createPaymentBodySchema.safeParse({ purpose: 'other' }).success).toBe(false);
  });

  test('donation instructions are for the qr and slip methods only', () => {
    expect(donationInstructionsBodySchema.safeParse({ amount: 500, method: 'qr' }).success).toBe(true);
    expect(donationInstructionsBodySchema.safeParse({ amount: 500, method: 'slip' }).success).toBe(true);
    expect(donationInstructionsBodySchema.safeParse({ amount: 500, method: 'card' }).success).toBe(false);
  });

  test('amounts are written as the spec writes them: 1.500 RSD', () => {
    expect(formatRsd(1500)).toBe('1.500 RSD');
    expect(formatRsd(1234567.5)).toBe('1.234.567,50 RSD');
    expect(formatRsd(999)).toBe('999 RSD');
  });

  test('the three outcome events travel on payment.v1 with the catalogue fields', () => {
    expect(paymentEvents.map((e) => e.type)).toEqual([
      'PaymentSucceeded',
      'PaymentFailed',
      'PaymentCancelled',
    ]);
    const paymentId = crypto.randomUUID();
    const vacancyId = crypto.randomUUID();
    const estateId = crypto.randomUUID();
    const data = {
      paymentId,
      purpose: 'featuring' as const,
      vacancyId,
      estateId,
      amount: 1500,
      currency: 'RSD' as const,
    };
    for (const definition of [PaymentSucceeded, PaymentFailed, PaymentCancelled]) {
      expect(definition.topic).toBe(topics.payment);
      const event = definition.create(paymentId, data);
      expect(definition.envelope.parse(event).data).toEqual(data);
      expect(event.key).toBe(paymentId);
    }
  });
});
