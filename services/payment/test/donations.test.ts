import { donationInstructionsResponseSchema } from '@moba/contracts';
import { testToken } from '@moba/platform/testing';
import { isValidAccount, isValidModel97Reference, parseIpsQrPayload } from '../src/domain/ips-qr';
import { decodeQrDataUrl } from './qr-decode';
import { SPA, startPayment, type PaymentHarness } from './helpers';

let h: PaymentHarness;
beforeAll(async () => {
  h = await startPayment();
});
afterAll(() => h.stop());

/** The payment id a checkout redirect carries back to the SPA. */
const paymentIdIn = (location: string | null) =>
  new URL(location ?? '').searchParams.get('paymentId') as string;

describe('donation by card goes through the checkout', () => {
  test.each([
    ['succeeded', `${SPA}/payment/donation/success?paymentId=`, 'PaymentSucceeded'],
    ['failed', `${SPA}/payment-status?status=error&paymentId=`, 'PaymentFailed'],
    ['cancelled', `${SPA}/payment-status?status=cancelled&paymentId=`, 'PaymentCancelled'],
  ] as const)(
    'a visitor donating 2.500 RSD who presses %s lands on %s… and %s is emitted',
    async (outcome, target, type) => {
      const url = (await h.create({ purpose: 'donation', amount: 2500, method: 'card' })).text as string;
      const page = await h.client.get(h.pathOf(url));
      expect(page.text).toContain('2.500 RSD');
      expect(page.text).toContain('Donacija / Donation');
      const pressed = await h.press(url, outcome);
      expect(pressed.status).toBe(303);
      expect(pressed.location?.startsWith(target)).toBe(true);
      const paymentId = paymentIdIn(pressed.location);
      const event = await h.waitForEvent(paymentId, type);
      expect(event.data).toEqual({
        paymentId,
        purpose: 'donation',
        amount: 2500,
        currency: 'RSD',
        method: 'card',
      });
      const status = await h.client.get(`/payment/status/${paymentId}`);
      expect(status.body).toMatchObject({
        paymentId,
        purpose: 'donation',
        status: outcome,
        amount: 2500,
        method: 'card',
        tier: 'small',
        free: false,
      });
    },
  );

  test("a signed-in donor's payment carries their id and the tier of its amount", async () => {
    const worker = await testToken('Worker');
    const url = (await h.create({ purpose: 'donation', amount: 12000, method: 'card' }, worker.auth))
      .text as string;
    const pressed = await h.press(url, 'succeeded');
    const paymentId = paymentIdIn(pressed.location);
    const event = await h.waitForEvent(paymentId, 'PaymentSucceeded');
    expect(event.data).toMatchObject({ payerId: worker.id, amount: 12000 });
    expect((await h.client.get(`/payment/status/${paymentId}`, worker.auth)).body.tier).toBe('large');
  });
});

describe('donation by IPS QR code or payment slip', () => {
  test('the IPS QR payload follows the NBS standard field by field, in order', async () => {
    const response = await h.client.post('/payment/donation/instructions', { amount: 1500, method: 'qr' });
    expect(response.status).toBe(200);
    const body = donationInstructionsResponseSchema.parse(response.body);
    const payload = body.payload;
    // No leading or trailing separator or blank; '|' between fields only.
    expect(payload).not.toMatch(/^[|\s]|[|\s]$/);
    const fields = parseIpsQrPayload(payload);
    expect(fields.map(([tag]) => tag)).toEqual(['K', 'V', 'C', 'R', 'N', 'I', 'SF', 'S', 'RO']);
    const value = Object.fromEntries(fields);
    expect(value.K).toBe('PR');
    expect(value.V).toBe('01');
    expect(value.C).toBe('1');
    expect(value.R).toMatch(/^\d{18}$/);
    expect(isValidAccount(value.R)).toBe(true);
    expect(BigInt(value.R) % 97n).toBe(1n);
    expect(value.N).toBe('Fondacija Moba\r\nNovi Sad');
    expect(value.N.length).toBeLessThanOrEqual(70);
    expect(value.I).toBe('RSD1500,00');
    expect(value.SF).toBe('289');
    expect(value.S).toBe('Donacija platformi Moba');
    expect(value.S.length).toBeLessThanOrEqual(35);
    expect(value.RO).toMatch(/^97\d{14}$/);
    expect(value.RO.length).toBeLessThanOrEqual(25);
    expect(isValidModel97Reference(value.RO.slice(2))).toBe(true);
    for (const [, v] of fields) expect(v).not.toBe('');
    expect(body).toMatchObject({ method: 'qr', amount: 1500, currency: 'RSD', tier: 'small' });
  });

  test('the QR image decodes to exactly the payload', async () => {
    const response = await h.client.post('/payment/donation/instructions', { amount: 7350.5, method: 'qr' });
    expect(response.body.payload).toContain('|I:RSD7350,50|');
    expect(decodeQrDataUrl(response.body.qrPngDataUrl)).toBe(response.body.payload);
    expect(response.body.tier).toBe('medium');
  });

  test('the slip carries recipient, account, amount, purpose, payment code, model and reference of the same donation', async () => {
    const response = await h.client.post('/payment/donation/instructions', { amount: 15000, method: 'slip' });
    expect(response.status).toBe(200);
    const { slip, payload } = response.body;
    expect(slip).toEqual({
      payer: '',
      recipient: 'Fondacija Moba',
      recipientPlace: 'Novi Sad',
      account: '160-0000000123456-54',
      accountDigits: '160000000012345654',
      currency: 'RSD',
      amount: 15000,
      amountText: '15.000,00',
      purpose: 'Donacija platformi Moba',
      paymentCode: '189',
      model: '97',
      reference: expect.stringMatching(/^\d{14}$/),
    });
    expect(payload).toContain(`|RO:97${slip.reference}`);
    expect(response.body.tier).toBe('large');
  });

  test('each donation gets its own reference', async () => {
    const a = await h.client.post('/payment/donation/instructions', { amount: 100, method: 'qr' });
    const b = await h.client.post('/payment/donation/instructions', { amount: 100, method: 'qr' });
    expect(a.body.slip.reference).not.toBe(b.body.slip.reference);
  });

  test('the recipient comes from config, and a bad account number stops the start naming the variable', async () => {
    const other = await startPayment({
      env: { DONATION_ACCOUNT: '840-955845-10', DONATION_RECIPIENT_NAME: 'Udruženje Moba' },
    });
    try {
      const response = await other.client.post('/payment/donation/instructions', {
        amount: 100,
        method: 'qr',
      });
      expect(response.body.payload).toContain('|R:840000000095584510|N:Udruženje Moba\r\nNovi Sad|');
    } finally {
      await other.stop();
    }
    await expect(startPayment({ env: { DONATION_ACCOUNT: '840-955845-11' } })).rejects.toThrow(
      /DONATION_ACCOUNT/,
    );
    await expect(startPayment({ env: { DONATION_PURPOSE: 'a|b' } })).rejects.toThrow(/DONATION_PURPOSE/);
    await expect(startPayment({ env: { DONATION_RECIPIENT_NAME: 'Moba § 1' } })).rejects.toThrow(
      /DONATION_RECIPIENT_NAME/,
    );
    await expect(startPayment({ env: { DONATION_PURPOSE: 'x'.repeat(36) } })).rejects.toThrow(
      /DONATION_PURPOSE/,
    );
    await expect(startPayment({ env: { FEATURED_PRICE_RSD: 'free' } })).rejects.toThrow(/FEATURED_PRICE_RSD/);
  });

  test.each([
    [{ method: 'qr' }, 'amount'],
    [{ amount: 0, method: 'qr' }, 'amount'],
    [{ amount: 100, method: 'card' }, 'method'],
    [{ amount: 100 }, 'method'],
  ])('bad instructions input %p → 400 naming %s', async (body, field) => {
    const response = await h.client.post('/payment/donation/instructions', body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION');
    expect(response.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });
});
