import { testToken } from '@moba/platform/testing';
import { startPayment, type PaymentHarness } from './helpers';

/**
 * Authorization of every payment route, for a visitor, each role and a stranger's object (IDOR).
 * - POST /payment/create featuring: only the estate owning the vacancy.
 * - POST /payment/create donation, POST /payment/donation/instructions: anyone (spec §6: visitors donate).
 * - GET /payment/status/{id}: a featuring's estate, the signed-in donor, admins; a visitor's donation by its id.
 * - GET/POST /payment/checkout/…: the checkout link is the capability (a browser without a token opens it).
 * - POST /payment/callback: only a correctly signed provider call, whatever token is sent.
 */
let h: PaymentHarness;
beforeAll(async () => {
  h = await startPayment();
});
afterAll(() => h.stop());

type Who = 'visitor' | 'worker' | 'estate' | 'admin' | 'owner' | 'otherEstate' | 'donor' | 'otherWorker';

async function people() {
  const [worker, estate, admin, otherEstate, otherWorker] = await Promise.all([
    testToken('Worker'),
    testToken('Estate'),
    testToken('Admin'),
    testToken('Estate'),
    testToken('Worker'),
  ]);
  return { worker, estate, admin, otherEstate, otherWorker };
}
type People = Awaited<ReturnType<typeof people>>;
const headersOf = (
  who: Who,
  p: People,
  owner?: { auth: Record<string, string> },
  donor?: { auth: Record<string, string> },
) => {
  switch (who) {
    case 'visitor':
      return {};
    case 'owner':
      return owner!.auth;
    case 'donor':
      return donor!.auth;
    default:
      return p[who].auth;
  }
};

describe('POST /payment/create featuring', () => {
  test.each([
    ['visitor', 401, 'authentication required'],
    ['worker', 403, 'not allowed'],
    ['admin', 403, 'not allowed'],
    ['otherEstate', 403, 'not allowed'],
    ['estate', 403, 'not allowed'],
    ['owner', 200, undefined],
  ] as const)('%s → %i', async (who, status, text) => {
    const p = await people();
    const v = await h.vacancy('paid');
    const response = await h.create(
      { purpose: 'featuring', vacancyId: v.vacancyId },
      headersOf(who, p, v.estate),
    );
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    if (text) expect(response.text).toBe(text);
    else expect(response.text).toContain('/payment/checkout/');
  });

  test("an estate cannot learn another estate's free vacancy through the promo answer", async () => {
    const p = await people();
    const v = await h.vacancy('free');
    const response = await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, p.otherEstate.auth);
    expect(response.status).toBe(403);
  });

  test('an invalid or expired token counts as a visitor', async () => {
    const v = await h.vacancy('paid');
    const expired = await testToken('Estate', { id: v.estate.id }, -60);
    expect((await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, expired.auth)).status).toBe(401);
    expect(
      (await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, { authorization: 'Bearer nonsense' }))
        .status,
    ).toBe(401);
  });
});

describe('POST /payment/create donation and POST /payment/donation/instructions', () => {
  test.each(['visitor', 'worker', 'estate', 'admin'] as const)(
    '%s may donate by card, QR code and slip',
    async (who) => {
      const p = await people();
      const auth = headersOf(who, p);
      const card = await h.create({ purpose: 'donation', amount: 1000, method: 'card' }, auth);
      expect(card.status).toBe(200);
      expect(card.text).toContain('/payment/checkout/');
      for (const method of ['qr', 'slip']) {
        expect(
          (await h.client.post('/payment/donation/instructions', { amount: 1000, method }, auth)).status,
        ).toBe(200);
      }
    },
  );
});

describe('GET /payment/status/{id}', () => {
  test.each([
    ['visitor', 401],
    ['worker', 403],
    ['otherEstate', 403],
    ['owner', 200],
    ['admin', 200],
  ] as const)(
    'a featuring payment, asked for by payment id and by vacancy id: %s → %i',
    async (who, status) => {
      const p = await people();
      const v = await h.vacancy('paid');
      await h.create({ purpose: 'featuring', vacancyId: v.vacancyId }, v.estate.auth);
      const byVacancy = await h.client.get(`/payment/status/${v.vacancyId}`, headersOf(who, p, v.estate));
      expect(byVacancy.status).toBe(status);
      const paymentId = (await h.client.get(`/payment/status/${v.vacancyId}`, v.estate.auth)).body.paymentId;
      expect((await h.client.get(`/payment/status/${paymentId}`, headersOf(who, p, v.estate))).status).toBe(
        status,
      );
    },
  );

  test.each([
    ['visitor', 401],
    ['otherWorker', 403],
    ['estate', 403],
    ['donor', 200],
    ['admin', 200],
  ] as const)("a signed-in donor's donation: %s → %i", async (who, status) => {
    const p = await people();
    const donor = await testToken('Worker');
    const url = (await h.create({ purpose: 'donation', amount: 300, method: 'card' }, donor.auth))
      .text as string;
    const pressed = await h.press(url, 'cancelled');
    const paymentId = new URL(pressed.location as string).searchParams.get('paymentId');
    expect(
      (await h.client.get(`/payment/status/${paymentId}`, headersOf(who, p, undefined, donor))).status,
    ).toBe(status);
  });

  test.each(['visitor', 'worker', 'estate', 'admin'] as const)(
    "a visitor's donation is readable by its id: %s → 200",
    async (who) => {
      const p = await people();
      const url = (await h.create({ purpose: 'donation', amount: 300, method: 'card' })).text as string;
      const pressed = await h.press(url, 'failed');
      const paymentId = new URL(pressed.location as string).searchParams.get('paymentId');
      const response = await h.client.get(`/payment/status/${paymentId}`, headersOf(who, p));
      expect(response.status).toBe(200);
      expect(response.body.status).toBe('failed');
    },
  );

  test('an id that is not a UUID v4 is a 400 naming the id; an unknown one a 404', async () => {
    const bad = await h.client.get('/payment/status/123');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('id');
    expect((await h.client.get(`/payment/status/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe('checkout pages and the callback', () => {
  test.each(['visitor', 'worker', 'estate', 'admin'] as const)(
    'the checkout link works for whoever holds it (%s)',
    async (who) => {
      const p = await people();
      const url = (await h.create({ purpose: 'donation', amount: 300, method: 'card' })).text as string;
      const response = await fetch(`${h.client.url}${h.pathOf(url)}`, { headers: headersOf(who, p) });
      expect(response.status).toBe(200);
    },
  );

  test.each(['visitor', 'worker', 'estate', 'admin'] as const)(
    'a checkout button works for whoever holds the link (%s); an unknown session is 404',
    async (who) => {
      const p = await people();
      const url = (await h.create({ purpose: 'donation', amount: 300, method: 'card' })).text as string;
      const press = (target: string) =>
        fetch(`${h.client.url}${h.pathOf(target)}/cancelled`, {
          method: 'POST',
          redirect: 'manual',
          headers: headersOf(who, p),
        });
      expect((await press(url)).status).toBe(303);
      expect((await press(url.replace(/[^/]+$/, crypto.randomUUID()))).status).toBe(404);
    },
  );

  test.each(['visitor', 'worker', 'estate', 'admin'] as const)(
    'a callback without a valid signature is refused even with a %s token',
    async (who) => {
      const p = await people();
      const response = await fetch(`${h.client.url}/payment/callback`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', ...headersOf(who, p) },
        body: JSON.stringify({ paymentId: crypto.randomUUID(), outcome: 'succeeded' }),
      });
      expect(response.status).toBe(401);
    },
  );
});
