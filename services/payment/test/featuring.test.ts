import { testToken } from '@moba/platform/testing';
import {
  SPA,
  API,
  TestVacancyDeleted,
  TestVacancyStatusChanged,
  sessionIdOf,
  startPayment,
  type PaymentHarness,
} from './helpers';
import { topics, VacancyFeatured } from '@moba/contracts';

let h: PaymentHarness;
beforeAll(async () => {
  h = await startPayment();
});
afterAll(() => h.stop());

/** Creates a paid featuring checkout and answers its URL and payment id. */
async function checkoutFor(v: Awaited<ReturnType<PaymentHarness['vacancy']>>) {
  const response = await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
  expect(response.status).toBe(200);
  const status = await h.client.get(`/payment/status/${v.vacancyId}`, v.estate.auth);
  return { url: response.text as string, paymentId: status.body.paymentId as string };
}

type Vacancy = Awaited<ReturnType<PaymentHarness['vacancy']>>;
/** The vacancy service moved the vacancy out of Pending. */
const statusChanged = (v: Vacancy, to: string) =>
  h.deps.bus.publish(
    topics.vacancy,
    TestVacancyStatusChanged.create(v.vacancyId, {
      vacancyId: v.vacancyId,
      estateId: v.estate.id,
      from: 'Pending',
      to,
    }),
  );
/** The vacancy service featured the vacancy, or asked for its featuring. */
const featured = (v: Vacancy, fields: { featured: boolean; featuring?: 'none' | 'free' | 'paid' }) =>
  h.deps.bus.publish(
    topics.vacancy,
    VacancyFeatured.create(v.vacancyId, { vacancyId: v.vacancyId, estateId: v.estate.id, ...fields }),
  );

describe('featuring a vacancy: price and promo', () => {
  test('a paid featuring answers the checkout URL as text, priced 1.500 RSD from config', async () => {
    const v = await h.vacancy('paid');
    const response = await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.text).toMatch(new RegExp(`^${API}/payment/checkout/[0-9a-f-]{36}$`));
    const status = await h.client.get(`/payment/status/${v.vacancyId}`, v.estate.auth);
    expect(status.body).toMatchObject({
      purpose: 'featuring',
      status: 'created',
      amount: 1500,
      currency: 'RSD',
      vacancyId: v.vacancyId,
      free: false,
    });
    const page = await h.client.get(h.pathOf(response.text));
    expect(page.text).toContain('1.500 RSD');
  });

  test('the price comes from FEATURED_PRICE_RSD', async () => {
    const other = await startPayment({ env: { FEATURED_PRICE_RSD: '2000' } });
    try {
      const v = await other.vacancy('paid');
      const response = await other.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
      const page = await other.client.get(other.pathOf(response.text));
      expect(page.text).toContain('2.000 RSD');
      expect((await other.client.get(`/payment/status/${v.vacancyId}`, v.estate.auth)).body.amount).toBe(
        2000,
      );
    } finally {
      await other.stop();
    }
  });

  test("the promo's free vacancy is answered without a checkout and creates no payment or event", async () => {
    const v = await h.vacancy('free');
    const response = await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
    expect(response.status).toBe(200);
    expect(response.text).toBe(`${SPA}/payment/processing/${v.vacancyId}?status=success&free=1`);
    const status = await h.client.get(`/payment/status/${v.vacancyId}`, v.estate.auth);
    expect(status.body).toEqual({
      paymentId: null,
      purpose: 'featuring',
      status: 'succeeded',
      amount: 0,
      currency: 'RSD',
      vacancyId: v.vacancyId,
      free: true,
    });
    await h.settle();
    expect(h.events.filter((e) => (e.data as { vacancyId?: string }).vacancyId === v.vacancyId)).toEqual([]);
  });

  test('a vacancy created without the sponsored choice cannot be featured by payment', async () => {
    const v = await h.vacancy('none');
    const response = await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
    expect(response.status).toBe(409);
    expect(response.text).toBe('invalid payment parameters');
    expect(response.headers.get('x-error-code')).toBe('PAYMENT.NOT_FEATURABLE');
  });

  test.each(['Closed', 'Finished'])('a %s vacancy is not charged', async (to) => {
    const v = await h.vacancy('paid');
    await statusChanged(v, to);
    const response = await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
    expect(response.status).toBe(409);
    expect(response.headers.get('x-error-code')).toBe('PAYMENT.NOT_FEATURABLE');
  });

  test('a paid vacancy that went Open after a failed payment or the timeout can still be paid for', async () => {
    const v = await h.vacancy('paid');
    const { url, paymentId } = await checkoutFor(v);
    await h.press(url, 'failed');
    await h.waitForEvent(paymentId, 'PaymentFailed');
    await statusChanged(v, 'Open');
    const retry = await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
    expect(retry.status).toBe(200);
    expect(retry.text).not.toBe(url);
    expect((await h.client.get(`/payment/status/${v.vacancyId}`, v.estate.auth)).body).toMatchObject({
      status: 'created',
      amount: 1500,
    });
  });

  test('a vacancy published without featuring gets a checkout once the estate asks to feature it (VacancyFeatured featuring paid)', async () => {
    const v = await h.vacancy('none');
    const before = await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
    expect(before.status).toBe(409);
    await featured(v, { featured: false, featuring: 'paid' });
    const after = await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
    expect(after.status).toBe(200);
    expect(after.text).toContain('/payment/checkout/');
  });

  test('a vacancy the vacancy service already featured is not charged', async () => {
    const v = await h.vacancy('paid');
    await featured(v, { featured: true });
    const response = await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
    expect(response.status).toBe(409);
    expect(response.headers.get('x-error-code')).toBe('PAYMENT.ALREADY_FEATURED');
  });

  test('a vacancy already paid for is not charged twice', async () => {
    const v = await h.vacancy('paid');
    const { url, paymentId } = await checkoutFor(v);
    await h.press(url, 'succeeded');
    await h.waitForEvent(paymentId, 'PaymentSucceeded');
    const again = await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
    expect(again.status).toBe(409);
    expect(again.text).toBe('invalid payment parameters');
    expect(again.headers.get('x-error-code')).toBe('PAYMENT.ALREADY_FEATURED');
  });

  test('asking twice while a checkout is open answers the same checkout', async () => {
    const v = await h.vacancy('paid');
    const [a, b] = await Promise.all([
      h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth),
      h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth),
    ]);
    expect(a.status).toBe(200);
    expect(b.text).toBe(a.text);
    const c = await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
    expect(c.text).toBe(a.text);
  });

  test('a stale open checkout is cancelled and a fresh one opened', async () => {
    const other = await startPayment();
    try {
      const v = await other.vacancy('paid');
      const first = await other.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
      const firstId = (await other.client.get(`/payment/status/${v.vacancyId}`, v.estate.auth)).body
        .paymentId;
      other.deps.clock.advance(31 * 60_000);
      const second = await other.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
      expect(second.status).toBe(200);
      expect(second.text).not.toBe(first.text);
      await other.waitForEvent(firstId, 'PaymentCancelled');
      expect((await other.client.get(`/payment/status/${firstId}`, v.estate.auth)).body.status).toBe(
        'cancelled',
      );
    } finally {
      await other.stop();
    }
  });

  test('a deleted vacancy, or one the service never heard of, is not found', async () => {
    const v = await h.vacancy('paid');
    await h.deps.bus.publish(
      topics.vacancy,
      TestVacancyDeleted.create(v.vacancyId, { vacancyId: v.vacancyId, estateId: v.estate.id }),
    );
    const deleted = await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
    expect(deleted.status).toBe(404);
    expect(deleted.text).toBe('vacancy not found');
    const unknown = await h.create({ purpose: 'featuring', vacancyId: crypto.randomUUID() }, v.estate.auth);
    expect(unknown.status).toBe(404);
  });

  test('a vacancy whose VacancyCreated arrives a moment after the request is still found', async () => {
    const waiting = await startPayment({ env: { PAYMENT_REPLICA_WAIT_MS: '2000' } });
    try {
      const estate = await testToken('Estate');
      const vacancyId = crypto.randomUUID();
      const pending = waiting.create({ purpose: 'featuring', vacancyId }, estate.auth);
      await new Promise((r) => setTimeout(r, 200));
      const { TestVacancyCreated } = await import('./helpers');
      await waiting.deps.bus.publish(
        topics.vacancy,
        TestVacancyCreated.create(vacancyId, {
          vacancyId,
          estateId: estate.id,
          featuring: 'paid',
          title: 'Late',
          status: 'Pending',
        }),
      );
      const response = await pending;
      expect(response.status).toBe(200);
      expect(response.text).toContain('/payment/checkout/');
    } finally {
      await waiting.stop();
    }
  });
});

describe('featuring outcomes: the checkout redirects back to the SPA and the vacancy learns through events', () => {
  test.each([
    ['succeeded', 'success', 'PaymentSucceeded'],
    ['failed', 'error', 'PaymentFailed'],
    ['cancelled', 'cancelled', 'PaymentCancelled'],
  ] as const)(
    'pressing %s redirects to /payment/processing with status=%s and emits %s',
    async (outcome, status, type) => {
      const v = await h.vacancy('paid');
      const { url, paymentId } = await checkoutFor(v);
      const pressed = await h.press(url, outcome);
      expect(pressed.status).toBe(303);
      expect(pressed.location).toBe(
        `${SPA}/payment/processing/${v.vacancyId}?status=${status}&paymentId=${paymentId}`,
      );
      const event = await h.waitForEvent(paymentId, type);
      expect(event.data).toEqual({
        paymentId,
        purpose: 'featuring',
        vacancyId: v.vacancyId,
        estateId: v.estate.id,
        amount: 1500,
        currency: 'RSD',
        payerId: v.estate.id,
      });
      const state = await h.client.get(`/payment/status/${paymentId}`, v.estate.auth);
      expect(state.body).toMatchObject({ paymentId, status: outcome, vacancyId: v.vacancyId });
      expect(state.body.completedAt).toEqual(expect.any(String));
      expect(h.eventsOf(paymentId)).toHaveLength(1);
    },
  );

  test('a second button press changes nothing and lands on the first outcome', async () => {
    const v = await h.vacancy('paid');
    const { url, paymentId } = await checkoutFor(v);
    await h.press(url, 'succeeded');
    const second = await h.press(url, 'failed');
    expect(second.status).toBe(303);
    expect(second.location).toContain('status=success');
    await h.waitForEvent(paymentId, 'PaymentSucceeded');
    await h.settle();
    expect(h.eventsOf(paymentId).map((e) => e.type)).toEqual(['PaymentSucceeded']);
  });

  test('a checkout left open past its time is cancelled whatever is pressed', async () => {
    const other = await startPayment();
    try {
      const v = await other.vacancy('paid');
      const url = (await other.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth)).text;
      other.deps.clock.advance(31 * 60_000);
      const page = await other.client.get(other.pathOf(url));
      expect(page.text).toContain('isteklo');
      const pressed = await other.press(url, 'succeeded');
      expect(pressed.location).toContain('status=cancelled');
      const paymentId = (await other.client.get(`/payment/status/${v.vacancyId}`, v.estate.auth)).body
        .paymentId;
      await other.waitForEvent(paymentId, 'PaymentCancelled');
    } finally {
      await other.stop();
    }
  });

  test('the checkout page is a self-contained, mobile-friendly page with Pay, Fail and Cancel', async () => {
    const v = await h.vacancy('paid');
    const url = (await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth)).text;
    const page = await h.client.get(h.pathOf(url));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page.text).toContain('1.500 RSD');
    expect(page.text).toContain('Berba malina u Arilju');
    expect(page.text).toContain('Isticanje oglasa / Featured job post');
    const sid = sessionIdOf(url);
    for (const outcome of ['succeeded', 'failed', 'cancelled'])
      expect(page.text).toContain(`action="./${sid}/${outcome}"`);
    expect(page.text).toMatch(/Plati \/ Pay/);
    expect(page.text).toMatch(/Fail/);
    expect(page.text).toMatch(/Cancel/);
    // No external assets: no scripts, no links to stylesheets, no remote URLs.
    expect(page.text).not.toMatch(/<script|<link|src="http|href="http/);
    const csp = page.headers.get('content-security-policy') ?? '';
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(page.text).toContain(`<style nonce="${nonce}">`);
    expect(csp).toContain(`form-action 'self' ${SPA}`);
    expect(csp).toContain("default-src 'none'");
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  test('an unknown checkout is a not-found page, and a finished one offers the way back', async () => {
    expect((await h.client.get(`/payment/checkout/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await h.client.get('/payment/checkout/not-a-uuid')).status).toBe(404);
    const v = await h.vacancy('paid');
    const { url } = await checkoutFor(v);
    await h.press(url, 'cancelled');
    const page = await h.client.get(h.pathOf(url));
    expect(page.text).toContain('već završeno');
    expect(page.text).toContain(`href="${SPA}/payment/processing/${v.vacancyId}?status=cancelled`);
    expect((await h.press(url.replace(sessionIdOf(url), crypto.randomUUID()), 'succeeded')).status).toBe(404);
  });
});

describe('stale checkouts', () => {
  test('a checkout nobody finished within the TTL is cancelled by the expiry job, and pressing later changes nothing', async () => {
    const other = await startPayment({ env: { PAYMENT_EXPIRY_INTERVAL_MS: '50' } });
    try {
      const v = await other.vacancy('paid');
      const url = (await other.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth)).text;
      const paymentId = (await other.client.get(`/payment/status/${v.vacancyId}`, v.estate.auth)).body
        .paymentId;
      await other.settle();
      expect(other.eventsOf(paymentId)).toEqual([]);
      other.deps.clock.advance(31 * 60_000);
      const event = await other.waitForEvent(paymentId, 'PaymentCancelled');
      expect(event.data).toMatchObject({ paymentId, purpose: 'featuring', vacancyId: v.vacancyId });
      const pressed = await other.press(url, 'succeeded');
      expect(pressed.location).toContain('status=cancelled');
      await other.settle();
      expect(other.eventsOf(paymentId).map((e) => e.type)).toEqual(['PaymentCancelled']);
    } finally {
      await other.stop();
    }
  });
});

describe('a vacancy deleted while its featuring checkout is open', () => {
  test('the checkout is cancelled (PaymentCancelled); pressing Pay afterwards features nothing', async () => {
    const v = await h.vacancy('paid');
    const created = await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
    expect(created.status).toBe(200);
    await h.deps.bus.publish(
      'vacancy.v1',
      TestVacancyDeleted.create(v.vacancyId, { vacancyId: v.vacancyId, estateId: v.estate.id }),
    );
    const status = await h.client.get(`/payment/status/${v.vacancyId}`, v.estate.auth);
    expect(status.body).toMatchObject({ status: 'cancelled', vacancyId: v.vacancyId });
    await h.waitForEvent(status.body.paymentId, 'PaymentCancelled');
    await h.press(created.text, 'succeeded');
    await h.settle();
    expect(h.eventsOf(status.body.paymentId).map((e) => e.type)).toEqual(['PaymentCancelled']);
    expect((await h.client.get(`/payment/status/${v.vacancyId}`, v.estate.auth)).body.status).toBe(
      'cancelled',
    );
  });
});
