/**
 * Honest states (issue 26 item 2) in a real browser against the whole product: a full moba that has
 * not begun is current and upcoming for both sides, and its ratings wait for the end without a
 * useless retry; browse cards say where the worker's application stands; toasts differ by kind; a
 * banned user learns why they were signed out. Each screen is checked at 360 px and 1280 px.
 */
import { mobaBody, registeredUser } from '../../../test/support/product';
import {
  runProductBrowserAndAdmin,
  screenshots,
  eventually,
  type Session,
  cardAction,
  cardActionNames,
  useSessionIn,
  type Script,
} from './helpers';

jest.setTimeout(120_000);

const run = runProductBrowserAndAdmin({ pagePerTest: true });

async function publish(
  estate: Session,
  overrides: Record<string, unknown> = {},
  startIn = 2,
): Promise<string> {
  const body = await mobaBody(run.client, overrides, startIn);
  const res = await run.client.post('/api/estates/vacancies/create', body, estate.auth);
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
  return res.body.id as string;
}

/** Applying needs the application service's replica of the new vacancy: retry until it has it. */
async function apply(worker: Session, vacancyId: string): Promise<string> {
  return eventually(async () => {
    const res = await run.client.post('/api/applications/create', { vacancyId }, worker.auth);
    return res.status === 201 ? (res.body.id as string) : undefined;
  }, 'the application is taken');
}

const signIn = (session: Session, role: 'Worker' | 'Estate', language: Script = 'sr-Latn') =>
  useSessionIn(run.page, run.product.url, session, { role, language });

async function atBothWidths(check: () => Promise<void>) {
  for (const width of [360, 1280]) {
    await run.page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await check();
  }
}

test('a full moba that has not begun is current and upcoming for the estate and the worker; rating it waits for the end, with no retry', async () => {
  const estate = await registeredUser(run.client, 'estate');
  const worker = await registeredUser(run.client, 'worker');
  const vacancyId = await publish(estate, { title: 'Popunjena berba', numberOfWorkers: 1 }, 4);
  const applicationId = await apply(worker, vacancyId);
  expect(
    (await run.client.post(`/api/admin/applications/${applicationId}/accept`, {}, run.admin.auth)).status,
  ).toBe(200);
  await eventually(async () => {
    const list = await run.client.get('/api/estates/vacancies/all', estate.auth);
    return (list.body as { id: string; status: string }[]).find((v) => v.id === vacancyId)?.status ===
      'Closed'
      ? true
      : undefined;
  }, 'the full moba is Closed');

  await signIn(estate, 'Estate');
  await run.page.goto(`${run.product.url}/estate/my-mobas`);
  const card = run.page.getByTestId('estate-moba').filter({ hasText: 'Popunjena berba' });
  await atBothWidths(async () => {
    await card
      .getByTestId('vacancy-status')
      .getByText(/^Popunjena · počinje /)
      .waitFor();
    expect(await cardActionNames(card)).not.toContain('Ocenite radnike');
    await run.page.getByTestId('tab-past').getByText('Prošle (0)').waitFor();
  });
  await screenshots(run.page, 'states-estate-full-upcoming');

  await run.page.goto(`${run.product.url}/estate/past-mobas/${vacancyId}/rate-workers`);
  const refusal = run.page.getByTestId('load-error');
  await refusal.getByText('Moba još nije završena. Ocenjivanje je moguće kad se završi.').waitFor();
  expect(await refusal.getByRole('button').count()).toBe(0);
  expect(await run.page.getByText('rating error', { exact: false }).count()).toBe(0);
  await screenshots(run.page, 'states-rate-workers-not-finished');

  await signIn(worker, 'Worker');
  await run.page.goto(`${run.product.url}/worker/my-mobas`);
  const mine = run.page.getByTestId('my-moba').filter({ hasText: 'Popunjena berba' });
  await atBothWidths(async () => {
    await mine.getByTestId('application-status').getByText('Prihvaćeno').waitFor();
    await mine
      .getByTestId('vacancy-status')
      .getByText(/^Popunjena · počinje /)
      .waitFor();
  });
  await screenshots(run.page, 'states-worker-full-upcoming');
});

test("browse cards say where the worker's application stands instead of offering to apply", async () => {
  const estate = await registeredUser(run.client, 'estate');
  const worker = await registeredUser(run.client, 'worker');
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
  expect((await run.client.post(`/api/admin/applications/${taken}/accept`, {}, run.admin.auth)).status).toBe(
    200,
  );
  expect(
    (await run.client.post(`/api/admin/applications/${refused}/reject`, {}, run.admin.auth)).status,
  ).toBe(200);

  await signIn(worker, 'Worker');
  await run.page.goto(`${run.product.url}/worker/mobas`);
  const card = (title: string) => run.page.getByTestId('vacancy-card').filter({ hasText: title });
  await atBothWidths(async () => {
    await card(`Čeka ${tag}`).getByText('Konkurisali ste · čeka odobrenje').waitFor();
    await card(`Primljen ${tag}`).getByText('Primljeni ste na ovu mobu').waitFor();
    await card(`Odbijen ${tag}`).getByText('Niste primljeni na ovu mobu').waitFor();
    await card(`Nova ${tag}`).getByRole('button', { name: 'Detalji i konkurisanje' }).waitFor();
    expect(await card(`Nova ${tag}`).getByTestId('application-state').count()).toBe(0);
  });
  await screenshots(run.page, 'states-browse-application-status');

  await card(`Čeka ${tag}`).getByRole('button', { name: 'Detalji', exact: true }).click();
  const details = run.page.getByTestId('vacancy-details');
  await details.getByText('Konkurisali ste · čeka odobrenje').waitFor();
  expect(await details.getByRole('button', { name: 'Konkuriši' }).count()).toBe(0);
  await run.page.getByRole('button', { name: 'Zatvori' }).click();

  // Applying from the card turns it into "applied" without a second tap.
  await card(`Nova ${tag}`).getByRole('button', { name: 'Detalji i konkurisanje' }).click();
  await run.page.getByTestId('vacancy-details').getByRole('button', { name: 'Konkuriši' }).click();
  await run.page.getByTestId('apply-success').waitFor();
  await run.page.getByRole('button', { name: 'Zatvori' }).click();
  await card(`Nova ${tag}`).getByText('Konkurisali ste · čeka odobrenje').waitFor();
});

test('a success toast is green and polite (role=status); an error toast is red and interrupts (role=alert)', async () => {
  const estate = await registeredUser(run.client, 'estate');
  await publish(estate, { title: 'Za brisanje' });
  await signIn(estate, 'Estate');
  await run.page.goto(`${run.product.url}/estate/my-mobas`);
  const toDelete = run.page.getByTestId('estate-moba').filter({ hasText: 'Za brisanje' });
  await (await cardAction(toDelete, 'Obriši')).click();
  await run.page.getByTestId('confirm-delete').click();
  const toast = run.page.getByRole('status').getByTestId('toast');
  await toast.getByText('Moba je obrisana.').waitFor();
  expect(await toast.getAttribute('data-kind')).toBe('success');
  const green = await toast.evaluate((el) => getComputedStyle(el).backgroundColor);
  await screenshots(run.page, 'states-toast-success');

  // An error toast: marking a notification read fails.
  await run.page.route('**/api/notifications/all', (route) =>
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
  await run.page.route('**/api/notifications/read', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'x' } } }),
  );
  await run.page.reload();
  await run.page.getByTestId('bell').click();
  await run.page.getByRole('button', { name: 'Označi kao pročitano' }).first().click();
  const error = run.page.getByRole('alert').getByTestId('toast');
  await error.waitFor();
  expect(await error.getAttribute('data-kind')).toBe('error');
  expect(await error.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(green);
});

test('a banned user is signed out and told why on the login page, in every script', async () => {
  const worker = await registeredUser(run.client, 'worker');
  await signIn(worker, 'Worker');
  await run.page.goto(`${run.product.url}/worker/my-mobas`);
  await run.page.getByRole('heading', { name: 'Moje mobe' }).waitFor();
  expect(
    (
      await run.client.post(
        `/api/admin/users/${worker.userId}/ban`,
        { reason: 'Lažni podaci' },
        run.admin.auth,
      )
    ).status,
  ).toBe(200);
  // The live channel closes for the ban (or the next call answers 401): either way, to /login.
  await run.page.waitForURL('**/login');
  const notice = run.page.getByTestId('login-notice');
  await atBothWidths(async () => {
    await notice
      .getByText('Odjavljeni ste jer je administrator blokirao vaš nalog.', { exact: false })
      .waitFor();
  });
  expect(await notice.getAttribute('role')).toBe('alert');
  await screenshots(run.page, 'states-login-banned');

  await run.page.locator('button[data-lang="sr-Cyrl"]').first().click();
  await notice
    .getByText('Одјављени сте јер је администратор блокирао ваш налог.', { exact: false })
    .waitFor();
  await run.page.locator('button[data-lang="en"]').first().click();
  await notice
    .getByText('You were logged out because an administrator blocked your account.', { exact: false })
    .waitFor();
});

test("the promo's free featuring is one plain checkbox on the create form, on by default, with no price, terms or payment", async () => {
  const estate = await registeredUser(run.client, 'estate');
  await signIn(estate, 'Estate');
  await run.page.goto(`${run.product.url}/estate/create-new-moba`);
  const featuring = run.page.getByTestId('featuring');
  await atBothWidths(async () => {
    await featuring.getByLabel('Istakni mobu besplatno (na vrhu liste)').waitFor();
    await featuring.locator('input[type=checkbox]:checked').waitFor();
    expect(await featuring.getByText(/RSD|uslove|plaćanj/).count()).toBe(0);
    await run.page.getByRole('button', { name: 'Objavi mobu' }).waitFor();
    expect(await run.page.getByRole('button', { name: 'Objavi i plati isticanje' }).count()).toBe(0);
  });
  await screenshots(run.page, 'states-create-free-featuring');
});

test('an estate features a published moba later: the first one for free at once, a later one through the payment', async () => {
  const estate = await registeredUser(run.client, 'estate');
  const tag = Date.now().toString(36);
  await publish(estate, { title: `Prva ${tag}` });
  await publish(estate, { title: `Druga ${tag}` });
  await signIn(estate, 'Estate');
  await run.page.goto(`${run.product.url}/estate/my-mobas`);
  const card = (title: string) => run.page.getByTestId('estate-moba').filter({ hasText: title });
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
  await screenshots(run.page, 'states-feature-later');

  await (await cardAction(card(`Prva ${tag}`), 'Istakni besplatno')).click();
  await run.page.getByRole('status').getByTestId('toast').getByText('Moba je istaknuta besplatno.').waitFor();
  await card(`Prva ${tag}`).getByTestId('featured-badge').waitFor();
  expect((await cardActionNames(card(`Prva ${tag}`))).join()).not.toMatch(/Istakni/);

  await (await cardAction(card(`Druga ${tag}`), 'Istakni za 1.500 RSD')).click();
  await run.page.waitForURL('**/payment/checkout/**');
  await run.page.getByRole('button', { name: /Plati \/ Pay 1\.500 RSD/ }).click();
  await run.page.waitForURL('**/payment/processing/**status=success*');
  await run.page.getByRole('heading', { name: 'Plaćanje je uspelo' }).waitFor();
  await run.page.getByTestId('back-to-mobas').click();
  await card(`Druga ${tag}`).getByTestId('featured-badge').waitFor();
});
