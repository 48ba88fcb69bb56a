/**
 * Honest states (issue 26 item 2) in a real browser against the whole product: a full moba that has
 * not begun is current and upcoming for both sides, and its ratings wait for the end without a
 * useless retry; browse cards say where the worker's application stands; toasts differ by kind; a
 * banned user learns why they were signed out. Each screen is checked at 360 px and 1280 px.
 */
import type { Page } from 'playwright-core';
import type { TestClient } from '@moba/platform/testing';
import { mobaBody, registeredUser } from '../../../test/support/product';
import {
  runProductBrowserAndAdmin,
  screenshots,
  type Product,
  eventually,
  type Session,
  cardAction,
  cardActionNames,
  useSessionIn,
  type Script,
} from './helpers';

jest.setTimeout(120_000);

let product: Product;
let client: TestClient;
let page: Page;
let admin: Record<string, string>;

runProductBrowserAndAdmin(
  (run) =>
    ({
      product,
      client,
      page,
      admin: { auth: admin },
    } = run),
  {
    pagePerTest: true,
  },
);

async function publish(
  estate: Session,
  overrides: Record<string, unknown> = {},
  startIn = 2,
): Promise<string> {
  const body = await mobaBody(client, overrides, startIn);
  const res = await client.post('/api/estates/vacancies/create', body, estate.auth);
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
  return res.body.id as string;
}

/** Applying needs the application service's replica of the new vacancy: retry until it has it. */
async function apply(worker: Session, vacancyId: string): Promise<string> {
  return eventually(async () => {
    const res = await client.post('/api/applications/create', { vacancyId }, worker.auth);
    return res.status === 201 ? (res.body.id as string) : undefined;
  }, 'the application is taken');
}

const signIn = (session: Session, role: 'Worker' | 'Estate', language: Script = 'sr-Latn') =>
  useSessionIn(page, product.url, session, { role, language });

async function atBothWidths(check: () => Promise<void>) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await check();
  }
}

test('a full moba that has not begun is current and upcoming for the estate and the worker; rating it waits for the end, with no retry', async () => {
  const estate = await registeredUser(client, 'estate');
  const worker = await registeredUser(client, 'worker');
  const vacancyId = await publish(estate, { title: 'Popunjena berba', numberOfWorkers: 1 }, 4);
  const applicationId = await apply(worker, vacancyId);
  expect((await client.post(`/api/admin/applications/${applicationId}/accept`, {}, admin)).status).toBe(200);
  await eventually(async () => {
    const list = await client.get('/api/estates/vacancies/all', estate.auth);
    return (list.body as { id: string; status: string }[]).find((v) => v.id === vacancyId)?.status ===
      'Closed'
      ? true
      : undefined;
  }, 'the full moba is Closed');

  await signIn(estate, 'Estate');
  await page.goto(`${product.url}/estate/my-mobas`);
  const card = page.getByTestId('estate-moba').filter({ hasText: 'Popunjena berba' });
  await atBothWidths(async () => {
    await card
      .getByTestId('vacancy-status')
      .getByText(/^Popunjena · počinje /)
      .waitFor();
    expect(await cardActionNames(card)).not.toContain('Ocenite radnike');
    await page.getByTestId('tab-past').getByText('Prošle (0)').waitFor();
  });
  await screenshots(page, 'states-estate-full-upcoming');

  await page.goto(`${product.url}/estate/past-mobas/${vacancyId}/rate-workers`);
  const refusal = page.getByTestId('load-error');
  await refusal.getByText('Moba još nije završena. Ocenjivanje je moguće kad se završi.').waitFor();
  expect(await refusal.getByRole('button').count()).toBe(0);
  expect(await page.getByText('rating error', { exact: false }).count()).toBe(0);
  await screenshots(page, 'states-rate-workers-not-finished');

  await signIn(worker, 'Worker');
  await page.goto(`${product.url}/worker/my-mobas`);
  const mine = page.getByTestId('my-moba').filter({ hasText: 'Popunjena berba' });
  await atBothWidths(async () => {
    await mine.getByTestId('application-status').getByText('Prihvaćeno').waitFor();
    await mine
      .getByTestId('vacancy-status')
      .getByText(/^Popunjena · počinje /)
      .waitFor();
  });
  await screenshots(page, 'states-worker-full-upcoming');
});

test("browse cards say where the worker's application stands instead of offering to apply", async () => {
  const estate = await registeredUser(client, 'estate');
  const worker = await registeredUser(client, 'worker');
  const tag = Date.now().toString(36);
  const ids = {
    waiting: await publish(estate, { title: `Čeka ${tag}` }),
    taken: await publish(estate, { title: `Primljen ${tag}` }),
    refused: await publish(estate, { title: `Odbijen ${tag}` }),
    fresh: await publish(estate, { title: `Nova ${tag}` }),
  };
  await apply(worker, ids.waiting);
  const taken = await apply(worker, ids.taken);
  const refused = await apply(worker, ids.refused);
  expect((await client.post(`/api/admin/applications/${taken}/accept`, {}, admin)).status).toBe(200);
  expect((await client.post(`/api/admin/applications/${refused}/reject`, {}, admin)).status).toBe(200);

  await signIn(worker, 'Worker');
  await page.goto(`${product.url}/worker/mobas`);
  const card = (title: string) => page.getByTestId('vacancy-card').filter({ hasText: title });
  await atBothWidths(async () => {
    await card(`Čeka ${tag}`).getByText('Konkurisali ste · čeka odobrenje').waitFor();
    await card(`Primljen ${tag}`).getByText('Primljeni ste na ovu mobu').waitFor();
    await card(`Odbijen ${tag}`).getByText('Niste primljeni na ovu mobu').waitFor();
    await card(`Nova ${tag}`).getByRole('button', { name: 'Detalji i konkurisanje' }).waitFor();
    expect(await card(`Nova ${tag}`).getByTestId('application-state').count()).toBe(0);
  });
  await screenshots(page, 'states-browse-application-status');

  await card(`Čeka ${tag}`).getByRole('button', { name: 'Detalji', exact: true }).click();
  const details = page.getByTestId('vacancy-details');
  await details.getByText('Konkurisali ste · čeka odobrenje').waitFor();
  expect(await details.getByRole('button', { name: 'Konkuriši' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Zatvori' }).click();

  // Applying from the card turns it into "applied" without a second tap.
  await card(`Nova ${tag}`).getByRole('button', { name: 'Detalji i konkurisanje' }).click();
  await page.getByTestId('vacancy-details').getByRole('button', { name: 'Konkuriši' }).click();
  await page.getByTestId('apply-success').waitFor();
  await page.getByRole('button', { name: 'Zatvori' }).click();
  await card(`Nova ${tag}`).getByText('Konkurisali ste · čeka odobrenje').waitFor();
});

test('a success toast is green and polite (role=status); an error toast is red and interrupts (role=alert)', async () => {
  const estate = await registeredUser(client, 'estate');
  await publish(estate, { title: 'Za brisanje' });
  await signIn(estate, 'Estate');
  await page.goto(`${product.url}/estate/my-mobas`);
  const toDelete = page.getByTestId('estate-moba').filter({ hasText: 'Za brisanje' });
  await (await cardAction(toDelete, 'Obriši')).click();
  await page.getByTestId('confirm-delete').click();
  const toast = page.getByRole('status').getByTestId('toast');
  await toast.getByText('Moba je obrisana.').waitFor();
  expect(await toast.getAttribute('data-kind')).toBe('success');
  const green = await toast.evaluate((el) => getComputedStyle(el).backgroundColor);
  await screenshots(page, 'states-toast-success');

  // An error toast: marking a notification read fails.
  await page.route('**/api/notifications/all', (route) =>
    route.fulfill({
      json: [
        {
          id: '0b8f7f2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
          content: { key: 'notification.applicationAccepted', params: { vacancyTitle: 'Berba' } },
          dateSent: new Date().toISOString(),
          actionButtonType: null,
          actionButtonParamIds: [],
        },
      ],
    }),
  );
  await page.route('**/api/notifications/read', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'x' } } }),
  );
  await page.reload();
  await page.getByTestId('bell').click();
  await page.getByRole('button', { name: 'Označi kao pročitano' }).first().click();
  const error = page.getByRole('alert').getByTestId('toast');
  await error.waitFor();
  expect(await error.getAttribute('data-kind')).toBe('error');
  expect(await error.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(green);
});

test('a banned user is signed out and told why on the login page, in every script', async () => {
  const worker = await registeredUser(client, 'worker');
  await signIn(worker, 'Worker');
  await page.goto(`${product.url}/worker/my-mobas`);
  await page.getByRole('heading', { name: 'Moje mobe' }).waitFor();
  expect(
    (await client.post(`/api/admin/users/${worker.userId}/ban`, { reason: 'Lažni podaci' }, admin)).status,
  ).toBe(200);
  // The live channel closes for the ban (or the next call answers 401): either way, to /login.
  await page.waitForURL('**/login');
  const notice = page.getByTestId('login-notice');
  await atBothWidths(async () => {
    await notice
      .getByText('Odjavljeni ste jer je administrator blokirao vaš nalog.', { exact: false })
      .waitFor();
  });
  expect(await notice.getAttribute('role')).toBe('alert');
  await screenshots(page, 'states-login-banned');

  await page.locator('button[data-lang="sr-Cyrl"]').first().click();
  await notice
    .getByText('Одјављени сте јер је администратор блокирао ваш налог.', { exact: false })
    .waitFor();
  await page.locator('button[data-lang="en"]').first().click();
  await notice
    .getByText('You were logged out because an administrator blocked your account.', { exact: false })
    .waitFor();
});

test("the promo's free featuring is one plain checkbox on the create form, on by default, with no price, terms or payment", async () => {
  const estate = await registeredUser(client, 'estate');
  await signIn(estate, 'Estate');
  await page.goto(`${product.url}/estate/create-new-moba`);
  const featuring = page.getByTestId('featuring');
  await atBothWidths(async () => {
    await featuring.getByLabel('Istakni mobu besplatno (na vrhu liste)').waitFor();
    await featuring.locator('input[type=checkbox]:checked').waitFor();
    expect(await featuring.getByText(/RSD|uslove|plaćanj/).count()).toBe(0);
    await page.getByRole('button', { name: 'Objavi mobu' }).waitFor();
    expect(await page.getByRole('button', { name: 'Objavi i plati isticanje' }).count()).toBe(0);
  });
  await screenshots(page, 'states-create-free-featuring');
});

test('an estate features a published moba later: the first one for free at once, a later one through the payment', async () => {
  const estate = await registeredUser(client, 'estate');
  const tag = Date.now().toString(36);
  await publish(estate, { title: `Prva ${tag}` });
  await publish(estate, { title: `Druga ${tag}` });
  await signIn(estate, 'Estate');
  await page.goto(`${product.url}/estate/my-mobas`);
  const card = (title: string) => page.getByTestId('estate-moba').filter({ hasText: title });
  await atBothWidths(async () => {
    await eventually(
      async () => (await cardActionNames(card(`Prva ${tag}`))).includes('Istakni besplatno'),
      'free featuring offered',
    );
    await eventually(
      async () => (await cardActionNames(card(`Druga ${tag}`))).includes('Istakni za 1.500 RSD'),
      'paid featuring offered',
    );
  });
  await screenshots(page, 'states-feature-later');

  await (await cardAction(card(`Prva ${tag}`), 'Istakni besplatno')).click();
  await page.getByRole('status').getByTestId('toast').getByText('Moba je istaknuta besplatno.').waitFor();
  await card(`Prva ${tag}`).getByTestId('featured-badge').waitFor();
  expect((await cardActionNames(card(`Prva ${tag}`))).join()).not.toMatch(/Istakni/);

  await (await cardAction(card(`Druga ${tag}`), 'Istakni za 1.500 RSD')).click();
  await page.waitForURL('**/payment/checkout/**');
  await page.getByRole('button', { name: /Plati \/ Pay 1\.500 RSD/ }).click();
  await page.waitForURL('**/payment/processing/**status=success*');
  await page.getByRole('heading', { name: 'Plaćanje je uspelo' }).waitFor();
  await page.getByTestId('back-to-mobas').click();
  await card(`Druga ${tag}`).getByTestId('featured-badge').waitFor();
});
