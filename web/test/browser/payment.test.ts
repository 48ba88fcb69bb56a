/**
 * The payment result pages in a real browser against the whole product: a featuring checkout that
 * succeeds, fails or is cancelled comes back to /payment/processing/{vacancyId}; the free promo;
 * a page without a status asks the payment service; create errors on /payment-status; English.
 */
import { registeredUser } from '../../../test/support/product';
import { runProductAndBrowser, screenshots, eventually, isoDay, type Session, useSessionIn } from './helpers';

jest.setTimeout(90_000);

async function sponsoredVacancy(estate: Session, title: string): Promise<string> {
  const response = await run.client.post(
    '/api/estates/vacancies/create',
    {
      title,
      description: 'Berba jabuka u voćnjaku, rad u timu, obezbeđen ručak.',
      municipality: 'Arilje',
      crops: ['kupina'], // no harvest months: opens whatever the month
      jobActivities: ['berba-branje'],
      startDate: isoDay(3),
      endDate: isoDay(10),
      numberOfWorkers: 4,
      workStartTime: '07:00',
      workEndTime: '15:00',
      hoursPerDay: 8,
      foodProvided: true,
      transportProvided: true,
      accommodationProvided: false,
      groupLeadersAccepted: false,
      paymentType: 'DailyWage',
      dailyWage: 3500,
      sponsored: true,
    },
    estate.auth,
  );
  if (response.status !== 201) throw new Error(`vacancy create failed: ${response.status} ${response.text}`);
  return response.body.id as string;
}

/** POST /payment/create answers text: the URL the SPA navigates to. */
async function featuringUrl(estate: Session, vacancyId: string): Promise<string> {
  return eventually(async () => {
    const response = await run.client.post(
      '/api/payment/create',
      { purpose: 'featuring', vacancyId },
      estate.auth,
    );
    return response.status === 200 ? response.text : undefined;
  }, 'payment create answers a URL');
}

const signIn = (session: Session) => useSessionIn(run.page, run.product.url, session, { role: 'Estate' });

/** An estate whose promo vacancy is already used, signed in: the next sponsored vacancy is paid. */
async function estateWithPaidVacancy() {
  const estate = await registeredUser(run.client, 'estate');
  await sponsoredVacancy(estate, 'Promo moba');
  const vacancyId = await sponsoredVacancy(estate, 'Plaćeno isticanje');
  await signIn(estate);
  return { estate, vacancyId };
}

const run = runProductAndBrowser({ pagePerTest: true });

test("the estate's first sponsored vacancy in the promo comes back as featured for free", async () => {
  const estate = await registeredUser(run.client, 'estate');
  const vacancyId = await sponsoredVacancy(estate, 'Prva moba');
  await signIn(estate);
  const url = await featuringUrl(estate, vacancyId);
  expect(url).toContain(`/payment/processing/${vacancyId}?status=success&free=1`);
  await run.page.goto(url);
  await run.page.getByRole('heading', { name: 'Moba je istaknuta besplatno' }).waitFor();
  await screenshots(run.page, 'payment-featuring-free');
});

test('a failed featuring checkout says so in Serbian only, stays in the signed-in layout and offers a retry that opens a new checkout', async () => {
  const { estate, vacancyId } = await estateWithPaidVacancy();
  await run.page.goto(await featuringUrl(estate, vacancyId));
  await run.page.getByRole('button', { name: /Neuspešno plaćanje \/ Fail/ }).click();
  await run.page.waitForURL(`**/payment/processing/${vacancyId}?status=error*`);
  for (const width of [360, 1280]) {
    await run.page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await run.page.getByRole('heading', { name: 'Greška pri plaćanju', exact: true }).waitFor();
    await run.page.getByText('Moba je objavljena, ali neće biti istaknuta.').waitFor();
    await run.page.getByTestId('user-badge').waitFor();
    expect(await run.page.locator('aside.promo').count()).toBe(0);
    expect(await run.page.getByText('Payment Error').count()).toBe(0);
  }
  await expect(run.page.title()).resolves.toBe('Greška pri plaćanju · Moba');
  await screenshots(run.page, 'payment-featuring-error');
  await run.page.getByTestId('retry-payment').click();
  await run.page.waitForURL('**/payment/checkout/**');
  await run.page.getByRole('button', { name: /Plati \/ Pay 1\.500 RSD/ }).click();
  await run.page.waitForURL(`**/payment/processing/${vacancyId}?status=success*`);
  await run.page.getByRole('heading', { name: 'Plaćanje je uspelo' }).waitFor();
  await run.page.getByTestId('back-to-mobas').click();
  await run.page.waitForURL('**/estate/my-mobas');
});

test('a cancelled featuring checkout says the vacancy is created but not featured', async () => {
  const { estate, vacancyId } = await estateWithPaidVacancy();
  await run.page.goto(await featuringUrl(estate, vacancyId));
  await run.page.getByRole('button', { name: /Otkaži \/ Cancel/ }).click();
  await run.page.waitForURL(`**/payment/processing/${vacancyId}?status=cancelled*`);
  await run.page.getByRole('heading', { name: 'Plaćanje je otkazano' }).waitFor();
  await run.page.getByText('Moba je napravljena i objavljena, ali nije istaknuta.').waitFor();
  await screenshots(run.page, 'payment-featuring-cancelled');
});

test('a paid featuring succeeds, and the processing page without a status asks the payment service for it', async () => {
  const { estate, vacancyId } = await estateWithPaidVacancy();
  await run.page.goto(await featuringUrl(estate, vacancyId));
  await run.page.getByRole('button', { name: /Plati \/ Pay 1\.500 RSD/ }).click();
  await run.page.waitForURL(`**/payment/processing/${vacancyId}?status=success*`);
  await run.page.getByRole('heading', { name: 'Plaćanje je uspelo' }).waitFor();
  await screenshots(run.page, 'payment-featuring-success');

  await run.page.goto(`${run.product.url}/payment/processing/${vacancyId}`);
  await run.page.getByTestId('payment-result-success').waitFor();
  await expect(
    eventually(async () => {
      const list = await run.client.get('/api/estates/vacancies/all', estate.auth);
      const body = list.body as
        | { id: string; featured: boolean }[]
        | { items?: { id: string; featured: boolean }[]; active?: { id: string; featured: boolean }[] };
      const items = Array.isArray(body) ? body : (body.items ?? body.active ?? []);
      return items.find((v) => v.id === vacancyId)?.featured;
    }, 'vacancy featured'),
  ).resolves.toBe(true);
});

test.each([
  ['invalid', '', 'Neispravni parametri plaćanja'],
  ['unavailable', '', 'Plaćanje trenutno nije dostupno'],
  ['unknown', 'E42', 'Nepoznata greška pri plaćanju'],
])('/payment-status?status=%s explains a payment that could not start', async (status, code, title) => {
  await run.page.goto(
    `${run.product.url}/payment-status?status=${status}${code ? `&code=${code}` : ''}&purpose=featuring`,
  );
  await run.page.getByRole('heading', { name: title }).waitFor();
  if (code) await run.page.getByText(`(kod greške: ${code})`).waitFor();
  await screenshots(run.page, `payment-status-${status}`);
});

test('the result pages speak English, and a vacancy id that is not a UUID v4 goes to the unknown-route guard', async () => {
  await run.page.goto(`${run.product.url}/privacy-policy`);
  await run.page.evaluate(() => localStorage.setItem('language', 'en'));
  await run.page.goto(`${run.product.url}/payment-status?status=error&purpose=featuring`);
  await run.page.getByRole('heading', { name: 'Payment Error' }).waitFor();
  await run.page.getByText('Your moba is published, but it will not be featured.').waitFor();
  await run.page.goto(`${run.product.url}/payment-status?status=unknown&code=X9`);
  await run.page.getByText('An unknown payment error occurred (error code: X9).').waitFor();
  await screenshots(run.page, 'payment-status-english');

  await run.page.goto(`${run.product.url}/payment/processing/not-a-uuid?status=success`);
  await run.page.waitForURL((url) => url.pathname === '/');
});
