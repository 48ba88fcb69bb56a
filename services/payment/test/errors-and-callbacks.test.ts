import {
  ProviderError,
  ProviderUnavailableError,
  type PaymentProvider,
} from '../src/provider/payment-provider';
import { sessionIdOf, startPayment, type PaymentHarness } from './helpers';

let h: PaymentHarness;
beforeAll(async () => {
  h = await startPayment();
});
afterAll(() => h.stop());

describe('POST /payment/create answers the spec error texts as text', () => {
  test.each([
    ['no body at all', undefined, 'purpose'],
    ['an unknown purpose', { purpose: 'lottery' }, 'purpose'],
    ['a featuring without a vacancy id', { purpose: 'featuring' }, 'vacancyId'],
    ['a vacancy id that is not a UUID v4', { purpose: 'featuring', vacancyId: '12' }, 'vacancyId'],
    ['a donation without an amount', { purpose: 'donation', method: 'card' }, 'amount'],
    ['a donation of zero', { purpose: 'donation', amount: 0, method: 'card' }, 'amount'],
    ['a donation with an unknown method', { purpose: 'donation', amount: 100, method: 'cash' }, 'method'],
    [
      'a donation by QR code (it has its own route)',
      { purpose: 'donation', amount: 100, method: 'qr' },
      'method',
    ],
    [
      'a tier that does not match the amount',
      { purpose: 'donation', amount: 100, method: 'card', tier: 'large' },
      'tier',
    ],
  ])('%s → 400 invalid payment parameters naming the field', async (_label, body, field) => {
    const response =
      body === undefined
        ? await h.client.request('POST', '/payment/create', { raw: '' })
        : await h.create(body);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.text).toBe('invalid payment parameters');
    expect(response.headers.get('x-error-code')).toBe('PAYMENT.INVALID_PARAMETERS');
    expect(response.headers.get('x-invalid-fields')).toContain(field);
  });

  test('malformed JSON is refused, never a 500', async () => {
    const response = await h.client.request('POST', '/payment/create', { raw: '{"purpose":' });
    expect(response.status).toBe(400);
  });

  test('bad input writes nothing', async () => {
    await h.create({ purpose: 'donation', amount: -5, method: 'card' });
    await h.settle();
    expect(h.events).toEqual([]);
  });

  test('a provider that cannot be reached answers 503 payment URL not available', async () => {
    const down = await startPayment({ env: { PAYMENT_SANDBOX_FAILURE: 'unavailable' } });
    try {
      const response = await down.create({ purpose: 'donation', amount: 500, method: 'card' });
      expect(response.status).toBe(503);
      expect(response.text).toBe('payment URL not available');
      expect(response.headers.get('x-error-code')).toBe('PAYMENT.URL_NOT_AVAILABLE');
      const v = await down.vacancy('paid');
      const featuring = await down.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
      expect(featuring.text).toBe('payment URL not available');
      // Nothing was stored: the vacancy still has no payment.
      expect((await down.client.get(`/payment/status/${v.vacancyId}`, v.estate.auth)).status).toBe(404);
    } finally {
      await down.stop();
    }
  });

  test("a provider's own refusal answers 502 unknown payment error with its code", async () => {
    const refusing = await startPayment({ env: { PAYMENT_SANDBOX_FAILURE: 'error' } });
    try {
      const response = await refusing.create({ purpose: 'donation', amount: 500, method: 'card' });
      expect(response.status).toBe(502);
      expect(response.text).toBe('unknown payment error (code SANDBOX_DECLINED)');
      expect(response.headers.get('x-error-code')).toBe('PAYMENT.UNKNOWN_ERROR');
    } finally {
      await refusing.stop();
    }
  });

  test.each([
    [
      'throws ProviderUnavailableError',
      () => Promise.reject(new ProviderUnavailableError()),
      503,
      'payment URL not available',
    ],
    [
      'answers no URL',
      () => Promise.resolve({ checkoutUrl: '', providerRef: 'x' }),
      503,
      'payment URL not available',
    ],
    [
      'throws ProviderError 51',
      () => Promise.reject(new ProviderError('51')),
      502,
      'unknown payment error (code 51)',
    ],
    [
      'crashes',
      () => Promise.reject(new TypeError('boom')),
      502,
      'unknown payment error (code PROVIDER_FAILURE)',
    ],
  ])('an injected provider that %s → %i %s', async (_label, createCheckout, status, text) => {
    const provider: PaymentProvider = { name: 'fake', createCheckout, verifyCallback: () => null };
    const other = await startPayment({ provider });
    try {
      const response = await other.create({ purpose: 'donation', amount: 500, method: 'card' });
      expect(response.status).toBe(status);
      expect(response.text).toBe(text);
    } finally {
      await other.stop();
    }
  });
});

describe('provider callbacks: signed, idempotent, from created only', () => {
  async function openDonation(amount = 2500) {
    const url = (await h.create({ purpose: 'donation', amount, method: 'card' })).text as string;
    const sessionId = sessionIdOf(url);
    const session = await h.client.get(h.pathOf(url));
    expect(session.status).toBe(200);
    const status = await findPaymentBySession(sessionId);
    return { url, sessionId, paymentId: status };
  }
  /** The payment id the sandbox session belongs to (a visitor's donation is readable by its id). */
  async function findPaymentBySession(sessionId: string): Promise<string> {
    const { openPaymentStore } = await import('../src/store');
    const store = await openPaymentStore(h.deps.store);
    const session = await store.sandboxSessions.findOne({ _id: sessionId });
    return session!.paymentId;
  }
  const body = (paymentId: string, sessionId: string, outcome: string, amount = 2500) => ({
    callbackId: crypto.randomUUID(),
    sessionId,
    paymentId,
    outcome,
    amount,
    currency: 'RSD',
    occurredAt: new Date().toISOString(),
  });

  test('a correctly signed callback completes the payment once', async () => {
    const { sessionId, paymentId } = await openDonation();
    const first = await h.callback(body(paymentId, sessionId, 'succeeded'));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true, paymentId, status: 'succeeded', changed: true });
    await h.waitForEvent(paymentId, 'PaymentSucceeded');
  });

  test('a replayed callback, or a later different outcome, changes nothing and emits nothing', async () => {
    const { sessionId, paymentId } = await openDonation();
    const callback = body(paymentId, sessionId, 'succeeded');
    await h.callback(callback);
    await h.waitForEvent(paymentId, 'PaymentSucceeded');
    const replay = await h.callback(callback);
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ status: 'succeeded', changed: false });
    const flip = await h.callback(body(paymentId, sessionId, 'cancelled'));
    expect(flip.body).toMatchObject({ status: 'succeeded', changed: false });
    await h.settle();
    expect(h.eventsOf(paymentId).map((e) => e.type)).toEqual(['PaymentSucceeded']);
    expect((await h.client.get(`/payment/status/${paymentId}`)).body.status).toBe('succeeded');
  });

  test.each([
    ['no signature', { signature: null }],
    ['a signature made with another secret', { secret: 'not-the-secret-0123456789' }],
    ['a garbage signature', { signature: 'sha256=00' }],
    ['a signature of a different body', { signature: 'sha256=' + 'a'.repeat(64) }],
    [
      'a JSON content type (the raw body is lost, so it cannot be verified)',
      { contentType: 'application/json' },
    ],
  ])('a forged callback with %s is refused with 401 and changes nothing', async (_label, options) => {
    const { sessionId, paymentId } = await openDonation();
    const response = await h.callback(body(paymentId, sessionId, 'succeeded'), options as never);
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('PAYMENT.BAD_SIGNATURE');
    await h.settle();
    expect(h.eventsOf(paymentId)).toEqual([]);
    expect((await h.client.get(`/payment/status/${paymentId}`)).body.status).toBe('created');
  });

  test('a signed callback whose body was altered after signing is refused', async () => {
    const { sessionId, paymentId } = await openDonation();
    const raw = JSON.stringify(body(paymentId, sessionId, 'failed'));
    const { signSandboxBody } = await import('../src/provider/sandbox-signature');
    const signature = signSandboxBody('test-sandbox-secret-0123456789abcdef', raw);
    const response = await h.callback(raw.replace('"failed"', '"succeeded"'), { signature });
    expect(response.status).toBe(401);
    expect((await h.client.get(`/payment/status/${paymentId}`)).body.status).toBe('created');
  });

  test('a signed callback with another amount or another checkout session does not match the payment', async () => {
    const { sessionId, paymentId } = await openDonation();
    expect((await h.callback(body(paymentId, sessionId, 'succeeded', 1))).status).toBe(400);
    expect((await h.callback(body(paymentId, crypto.randomUUID(), 'succeeded'))).status).toBe(400);
    expect((await h.callback(body(crypto.randomUUID(), sessionId, 'succeeded'))).status).toBe(404);
    expect((await h.callback('not json')).status).toBe(401);
    await h.settle();
    expect(h.eventsOf(paymentId)).toEqual([]);
  });
});
