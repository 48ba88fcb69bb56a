import { eventually } from '@moba/platform/testing';
import { mobaFields, registeredUser, startProduct } from '../../../test/support/product';

/**
 * The featuring flow in the whole product (embedded runtime, real gateway): the vacancy service
 * decides free or paid, the payment service answers the checkout, the browser presses a button on
 * the sandbox page, and the vacancy learns the outcome from PaymentSucceeded / Failed / Cancelled.
 */
let product: Awaited<ReturnType<typeof startProduct>>;
beforeAll(async () => {
  // A promo period around today, whatever day the test runs.
  product = await startProduct({ PROMO_START: '2020-01-01', PROMO_END: '2099-12-31' });
}, 60_000);
afterAll(() => product.stop());

const addDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const vacancyBody = (title: string) => mobaFields(addDays(3), addDays(10), { title, sponsored: true });

type Estate = Awaited<ReturnType<typeof registeredUser>>;

async function createVacancy(estate: Estate, title: string): Promise<string> {
  const response = await product.client.post(
    '/api/estates/vacancies/create',
    vacancyBody(title),
    estate.auth,
  );
  if (response.status !== 201) throw new Error(`vacancy create failed: ${response.status} ${response.text}`);
  return response.body.id as string;
}

async function vacancyOf(estate: Estate, vacancyId: string) {
  const list = await product.client.get('/api/estates/vacancies/all', estate.auth);
  const items = (Array.isArray(list.body) ? list.body : (list.body?.items ?? [])) as {
    id: string;
    status: string;
    featured: boolean;
  }[];
  return items.find((v) => v.id === vacancyId);
}

/** Opens the checkout page through the gateway and presses a button as a browser form would. */
async function pressThroughGateway(checkoutUrl: string, outcome: 'succeeded' | 'failed' | 'cancelled') {
  const page = await fetch(checkoutUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('1.500 RSD');
  const action = new RegExp(`action="([^"]*/${outcome})"`).exec(html)?.[1] as string;
  const response = await fetch(new URL(action, checkoutUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  return { status: response.status, location: response.headers.get('location') as string };
}

test("the estate's first sponsored vacancy in the promo is featured without a checkout", async () => {
  const estate = await registeredUser(product.client, 'estate');
  const vacancyId = await createVacancy(estate, 'Prva berba');
  const response = await product.client.post(
    '/api/payment/create',
    { purpose: 'featuring', vacancyId },
    estate.auth,
  );
  expect(response.status).toBe(200);
  expect(response.text).toBe(`${product.publicUrl}/payment/processing/${vacancyId}?status=success&free=1`);
  expect(await vacancyOf(estate, vacancyId)).toMatchObject({ featured: true, status: 'Open' });
});

test.each([
  ['succeeded', 'success', true],
  ['failed', 'error', false],
  ['cancelled', 'cancelled', false],
] as const)(
  'a paid featuring whose checkout %s (back to the SPA with status=%s) leaves the vacancy Open, featured=%s',
  async (outcome, status, featured) => {
    const estate = await registeredUser(product.client, 'estate');
    await createVacancy(estate, 'Besplatna (promo)');
    const vacancyId = await createVacancy(estate, 'Plaćeno isticanje');
    expect(await vacancyOf(estate, vacancyId)).toMatchObject({ status: 'Pending', featured: false });

    const created = await product.client.post(
      '/api/payment/create',
      { purpose: 'featuring', vacancyId },
      estate.auth,
    );
    expect(created.status).toBe(200);
    expect(created.text.startsWith(`${product.publicUrl}/api/payment/checkout/`)).toBe(true);

    const pressed = await pressThroughGateway(created.text, outcome);
    expect(pressed.status).toBe(303);
    expect(pressed.location).toMatch(
      new RegExp(`^${product.publicUrl}/payment/processing/${vacancyId}\\?status=${status}&paymentId=`),
    );

    await eventually(
      async () => {
        const vacancy = await vacancyOf(estate, vacancyId);
        return vacancy?.status === 'Open' && vacancy.featured === featured;
      },
      `vacancy Open with featured=${featured}`,
      10_000,
    );
    const paymentStatus = await product.client.get(`/api/payment/status/${vacancyId}`, estate.auth);
    expect(paymentStatus.body).toMatchObject({ status: outcome, amount: 1500, vacancyId });
  },
);

test('a visitor gets IPS QR and slip data through the gateway', async () => {
  const response = await product.client.post('/api/payment/donation/instructions', {
    amount: 2000,
    method: 'qr',
  });
  expect(response.status).toBe(200);
  expect(response.body.payload).toMatch(
    /^K:PR\|V:01\|C:1\|R:\d{18}\|N:.+\|I:RSD2000,00\|SF:289\|S:.+\|RO:97\d+$/s,
  );
});
