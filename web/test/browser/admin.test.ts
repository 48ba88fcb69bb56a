/**
 * The admin console in a real browser against the whole product (embedded runtime, memory stores):
 * tickets (worker and guest applications), notes, users (ban, reactivate), vacancies and statistics.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { simulateSeason } from '../../../scripts/season/simulate-season';
import { ADMIN, mobaFields, loginAdmin, registeredUser } from '../../../test/support/product';
import {
  eventually,
  logIn,
  phoneLinkHeights,
  runProductAndBrowser,
  screenshots,
  isoDay,
  type Session,
} from './helpers';

jest.setTimeout(120_000);

let admin: { userId: string; auth: Record<string, string> };

const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
/** A surname no other test uses, so the admin can find the person on the page. */
const uniqueSurname = () => `Test${letters()}`;

async function createVacancy(estate: Session, title: string): Promise<string> {
  const response = await run.client.post(
    '/api/estates/vacancies/create',
    mobaFields(isoDay(3), isoDay(10), {
      title,
      description: 'Berba malina u zasadu kod Arilja, rad u smenama, alat obezbeđen.',
    }),
    estate.auth,
  );
  if (response.status !== 201) throw new Error(`vacancy create failed: ${response.status} ${response.text}`);
  return response.body.id as string;
}

/** A vacancy open in the application service's replica (the admin lists and accepts need it). */
async function openVacancy(title: string) {
  const estate = await registeredUser(run.client, 'estate');
  const vacancyId = await createVacancy(estate, title);
  await eventually(async () => {
    const list = await run.client.post('/api/admin/vacancies/open', { pageSize: 100 }, admin.auth);
    return (list.body.items as { id: string }[]).some((v) => v.id === vacancyId);
  }, 'vacancy listed as open');
  return { estate, vacancyId };
}

async function workerApplication(vacancyId: string) {
  const worker = await registeredUser(run.client, 'worker', { lastName: uniqueSurname() });
  const name = `${worker.firstName} ${worker.lastName}`;
  await eventually(
    async () => (await run.client.post('/api/applications/create', { vacancyId }, worker.auth)).status < 300,
    'application created',
  );
  await eventually(async () => {
    const pending = await run.client.post(
      '/api/admin/applications/pending',
      { sort: 'newest', pageSize: 100 },
      admin.auth,
    );
    return (pending.body.items as { workerId: string; worker: unknown }[]).some(
      (a) => a.workerId === worker.userId && a.worker,
    );
  }, 'application listed with worker details');
  return { worker, name };
}

async function adminPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
  await context.addInitScript(() => sessionStorage.setItem('guidanceSeen', 'true')); // not this test's subject
  const page = await context.newPage();
  await logIn(page, run.product.url, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/admin/tickets');
  return { context, page };
}

/** A browser tab already signed in (the token in storage, as the login page leaves it). */
async function signedIn(session: Session, role: 'Worker' | 'Estate') {
  const context = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await page.goto(`${run.product.url}/privacy-policy`);
  await page.evaluate(
    ([token, userId, r]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userId', userId);
      localStorage.setItem('role', r);
    },
    [session.token, session.userId, role],
  );
  return { context, page };
}

async function statValue(page: Page, figure: string): Promise<number> {
  const text = await page.getByTestId(`stat-value-${figure}`).innerText();
  return Number(text.replace(/\D/g, ''));
}

const run = runProductAndBrowser();
beforeAll(async () => {
  admin = await loginAdmin(run.client);
  // A small season in the background, so the lists and the chart show more than the test's own rows.
  await simulateSeason(run.client, {
    estates: 2,
    workers: 3,
    mobasPerEstate: 2,
    seed: 4242,
    admin: ADMIN,
    finishJobs: false,
  });
}, 180_000);

test('the admin edits the note of a worker application, accepts it after confirming, and the statistics change', async () => {
  const { vacancyId } = await openVacancy('Berba malina — Arilje');
  const { name } = await workerApplication(vacancyId);
  const { context, page } = await adminPage();

  await page.goto(`${run.product.url}/admin/stats`);
  await page.getByTestId('stat-value-pendingApplications').waitFor();
  const pendingBefore = await statValue(page, 'pendingApplications');
  expect(pendingBefore).toBeGreaterThanOrEqual(1);
  await screenshots(page, 'admin-stats-before');

  await page.goto(`${run.product.url}/admin/tickets`);
  const card = page.getByTestId('worker-application').filter({ hasText: name });
  await card.waitFor();
  await card.getByRole('button', { name: 'Izmeni napomenu' }).click();
  await card.getByLabel('Napomena').fill('Zvati posle 17h; ima svoj prevoz.');
  await card.getByRole('button', { name: 'Sačuvaj napomenu' }).click();
  await card.getByText('Napomena je sačuvana.').waitFor();
  await expect(card.getByTestId('note-text').innerText()).resolves.toBe('Zvati posle 17h; ima svoj prevoz.');
  // The same editor at 1280 px: it opens with the saved note and counts it; cancel keeps it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.getByRole('button', { name: 'Izmeni napomenu' }).click();
  await expect(card.getByLabel('Napomena').inputValue()).resolves.toBe('Zvati posle 17h; ima svoj prevoz.');
  await card.getByText(/^33 \/ 1000$/).waitFor();
  await card.getByRole('button', { name: 'Otkaži' }).click();
  await page.setViewportSize({ width: 360, height: 780 });
  const stored = await run.client.post(
    '/api/admin/applications/pending',
    { sort: 'newest', pageSize: 100 },
    admin.auth,
  );
  expect(
    (stored.body.items as { note: string | null; worker: { fullName: string } | null }[]).find(
      (a) => a.worker?.fullName === name,
    )?.note,
  ).toBe('Zvati posle 17h; ima svoj prevoz.');
  await screenshots(page, 'admin-tickets-workers');

  await card.getByRole('button', { name: 'Prihvati' }).click();
  const dialog = page.getByRole('dialog', { name: 'Prihvatanje kandidature' });
  await dialog.getByText(name).waitFor();
  await screenshots(page, 'admin-accept-confirm');
  await dialog.getByTestId('confirm-action').click();
  await page.getByTestId('decision-done').getByText(name).waitFor();
  await card.waitFor({ state: 'detached' });

  await eventually(async () => {
    await page.goto(`${run.product.url}/admin/stats`);
    await page.getByTestId('stat-value-pendingApplications').waitFor();
    return (await statValue(page, 'pendingApplications')) === pendingBefore - 1;
  }, 'pending count down by one');
  await screenshots(page, 'admin-stats-after');
  await context.close();
});

test('the admin rejects a worker application only after confirming, and cancelling changes nothing', async () => {
  const { vacancyId } = await openVacancy('Rezidba jabuka — Arilje');
  const { name, worker } = await workerApplication(vacancyId);
  const { context, page } = await adminPage();
  const card = page.getByTestId('worker-application').filter({ hasText: name });
  await card.getByRole('button', { name: 'Odbij' }).click();
  await page
    .getByRole('dialog', { name: 'Odbijanje kandidature' })
    .getByRole('button', { name: 'Otkaži' })
    .click();
  await expect(card.isVisible()).resolves.toBe(true);
  await card.getByRole('button', { name: 'Odbij' }).click();
  await page.getByRole('dialog', { name: 'Odbijanje kandidature' }).getByTestId('confirm-action').click();
  await page.getByTestId('decision-done').getByText(name).waitFor();
  const mine = await run.client.get('/api/workers/vacancies/my/active', worker.auth);
  expect((mine.body as { id: string }[]).some((v) => v.id === vacancyId)).toBe(false);
  await context.close();
});

test('the admin accepts a guest application into a chosen open vacancy, and a second accept into it says already applied', async () => {
  const { vacancyId } = await openVacancy(`Berba višanja ${letters()}`);
  const title = (
    await run.client.post('/api/admin/vacancies/open', { pageSize: 100 }, admin.auth)
  ).body.items.find((v: { id: string }) => v.id === vacancyId).title as string;
  const lastName = uniqueSurname();
  const guest = await run.client.post('/api/signup-guest', {
    firstName: 'Dragana',
    lastName,
    phone: `064${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    municipality: 'Arilje',
    note: 'Nema pametan telefon.',
  });
  expect(guest.status).toBe(201);
  const { context, page } = await adminPage();

  // The tabs follow the ARIA pattern: arrow keys move to and select the next tab.
  await page.getByRole('tab', { name: /Radnici/ }).focus();
  await page.keyboard.press('ArrowRight');
  await page.getByRole('tab', { name: /Gosti/, selected: true }).waitFor();
  const card = page.getByTestId('guest-application').filter({ hasText: lastName });
  await card.getByText('Nema pametan telefon.').waitFor();
  await card.getByRole('button', { name: 'Izmeni napomenu' }).click();
  await card.getByLabel('Napomena').fill('Pozvana, slobodna od ponedeljka.');
  await card.getByRole('button', { name: 'Sačuvaj napomenu' }).click();
  await card.getByText('Napomena je sačuvana.').waitFor();
  await screenshots(page, 'admin-tickets-guests');

  await card.getByRole('link', { name: 'Izaberi mobu i prihvati' }).click();
  await page.waitForURL(/\/admin\/[0-9a-f-]{36}\/mobas$/);
  const choosePath = new URL(page.url()).pathname;
  await page.getByTestId('guest-summary').getByText(`Dragana ${lastName}`).waitFor();
  await page.getByTestId('vacancy-choice').filter({ hasText: title }).getByRole('radio').check();
  await screenshots(page, 'admin-guest-choose-vacancy');
  await page.getByRole('button', { name: 'Prihvati u izabranu mobu' }).click();
  await page.getByRole('dialog', { name: 'Prihvatanje gosta' }).getByTestId('confirm-action').click();
  await page.getByTestId('guest-accepted').waitFor();
  const stored = await run.client.get(`/api/admin/applications/${guest.body.id}/guest/pending`, admin.auth);
  expect(stored.body).toMatchObject({
    status: 'Accepted',
    vacancyIds: [vacancyId],
    note: 'Pozvana, slobodna od ponedeljka.',
  });

  // The same guest into the same vacancy again: the literal 'already applied' is recognised.
  await page.goto(`${run.product.url}${choosePath}`);
  await page.getByTestId('vacancy-choice').filter({ hasText: title }).getByRole('radio').check();
  await page.getByRole('button', { name: 'Prihvati u izabranu mobu' }).click();
  await page.getByRole('dialog', { name: 'Prihvatanje gosta' }).getByTestId('confirm-action').click();
  await page
    .getByTestId('admin-error-guestAccept')
    .getByText('Gost je već konkurisao za ovu mobu.')
    .waitFor();
  await screenshots(page, 'admin-guest-already-applied');
  await context.close();
});

test('an application id that is not a UUID v4 goes to the unknown-route guard', async () => {
  const { context, page } = await adminPage();
  await page.goto(`${run.product.url}/admin/not-a-uuid/mobas`);
  await page.waitForURL('**/admin/tickets');
  await page.goto(`${run.product.url}/admin/${'1'.repeat(8)}-1111-1111-8111-${'1'.repeat(12)}/mobas`);
  await page.waitForURL('**/admin/tickets');
  await context.close();
});

test('the admin bans a worker with a reason, the worker is logged out on the next call, and reactivation lets them back in', async () => {
  const lastName = uniqueSurname();
  const worker = await registeredUser(run.client, 'worker', { lastName });
  const workerTab = await signedIn(worker, 'Worker');
  await workerTab.page.goto(`${run.product.url}/worker/mobas`);
  await workerTab.page.getByTestId('user-badge').waitFor();

  const { context, page } = await adminPage();
  await page.goto(`${run.product.url}/admin/users`);
  const search = page.getByLabel('Pretraga (ime, telefon ili e-mail)');
  await search.fill(lastName.slice(0, 2));
  await page.getByText('Unesite najmanje 3 karaktera da bi pretraga počela.').waitFor();
  await search.fill(lastName);
  const card = page.getByTestId('admin-user').filter({ hasText: lastName });
  await card.waitFor();
  await eventually(
    async () => (await page.getByTestId('admin-user').count()) === 1,
    'only the searched user listed',
  );
  await card.getByRole('button', { name: 'Blokiraj' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('confirm-ban').click();
  await dialog.getByText('Upišite razlog blokiranja.').waitFor();
  await dialog.getByLabel('Razlog blokiranja').fill('Lažni podaci u profilu.');
  await screenshots(page, 'admin-ban-dialog');
  await dialog.getByTestId('confirm-ban').click();
  await card.getByTestId('user-status').getByText('Blokiran').waitFor();
  await card.getByText('Lažni podaci u profilu.').waitFor();
  await screenshots(page, 'admin-users-banned');

  // The banned worker's next call answers 401: storage is cleared and the app goes to /login.
  await workerTab.page.goto(`${run.product.url}/worker/my-mobas`);
  await workerTab.page.waitForURL('**/login');
  await expect(workerTab.page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
  const refused = await run.client.post('/api/login', { email: worker.email, password: worker.password });
  expect(refused.status).toBeGreaterThanOrEqual(400);

  await page.getByLabel('Status').selectOption('Banned');
  await card.getByRole('button', { name: 'Ponovo aktiviraj' }).click();
  await page.getByRole('dialog').getByTestId('confirm-action').click();
  await page.getByTestId('user-action-done').waitFor();
  await page.getByLabel('Status').selectOption('all');
  await card.getByTestId('user-status').getByText('Aktivan').waitFor();
  const again = await run.client.post('/api/login', { email: worker.email, password: worker.password });
  expect(again.status).toBe(200);
  await workerTab.context.close();
  await context.close();
});

test('the admin sorts users by name and lists open or all vacancies with filters', async () => {
  const { context, page } = await adminPage();
  await page.goto(`${run.product.url}/admin/users`);
  await page.getByLabel('Redosled').selectOption('name');
  await page.getByTestId('admin-user').first().waitFor();
  // The list is refetched in the new order; wait for it rather than reading the old one.
  const sortedByName = (names: string[]) =>
    names.every((n, i) => i === 0 || names[i - 1].localeCompare(n, 'sr') <= 0);
  const names = await eventually(async () => {
    const shown = await page.getByTestId('admin-user').locator('h3').allInnerTexts();
    return shown.length > 2 && sortedByName(shown) ? shown : undefined;
  }, 'users sorted by name');
  expect(names.length).toBeGreaterThan(2);
  const phones = await phoneLinkHeights(page);
  expect(phones.length).toBeGreaterThan(0);
  expect(Math.min(...phones)).toBeGreaterThanOrEqual(44);
  await screenshots(page, 'admin-users');

  await page.goto(`${run.product.url}/admin/mobas`);
  await page.getByTestId('admin-vacancies').waitFor();
  await page.getByLabel('Opština').fill('Arilje');
  await page.getByTestId('admin-vacancies').getByText('Arilje').first().waitFor();
  await page.getByRole('tab', { name: 'Sve' }).click();
  await page.getByLabel('Status').selectOption('Open');
  await page.getByTestId('admin-vacancies').waitFor();
  await screenshots(page, 'admin-mobas');
  await context.close();
});

test('failed admin calls show the spec §8 texts: statistics loading, accept, ban and reactivate errors', async () => {
  const { vacancyId } = await openVacancy('Berba kupina — Arilje');
  const { name } = await workerApplication(vacancyId);
  const lastName = uniqueSurname();
  await registeredUser(run.client, 'worker', { lastName });
  const { context, page } = await adminPage();
  const failWith =
    (status: number, code: string) =>
    (route: { fulfill: (r: { status: number; contentType: string; body: string }) => Promise<void> }) =>
      route.fulfill({
        status,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code, message: 'x' } }),
      });

  await page.route('**/api/admin/stats', failWith(500, 'INTERNAL'));
  await page.goto(`${run.product.url}/admin/stats`);
  await page.getByTestId('admin-error-stats').getByText('Greška pri učitavanju statistike.').waitFor();
  await screenshots(page, 'admin-stats-error');
  await page.unroute('**/api/admin/stats');
  await page.getByRole('button', { name: 'Pokušaj ponovo' }).click();
  await page.getByTestId('stat-value-workers').waitFor();

  await page.route('**/api/admin/applications/*/accept', failWith(409, 'APPLICATION.NO_FREE_POSITIONS'));
  await page.goto(`${run.product.url}/admin/tickets`);
  const card = page.getByTestId('worker-application').filter({ hasText: name });
  await card.getByRole('button', { name: 'Prihvati' }).click();
  await page.getByRole('dialog').getByTestId('confirm-action').click();
  const acceptError = page.getByTestId('admin-error-accept');
  await acceptError.getByText('Greška pri prihvatanju kandidature.').waitFor();
  await acceptError.getByText('Moba nema dovoljno slobodnih mesta.').waitFor();

  await page.route('**/api/admin/users/*/ban', failWith(409, 'AUTH.CANNOT_BAN_ADMIN'));
  await page.goto(`${run.product.url}/admin/users`);
  await page.getByLabel('Pretraga (ime, telefon ili e-mail)').fill(lastName);
  await eventually(
    async () => (await page.getByTestId('admin-user').count()) === 1,
    'only the searched user listed',
  );
  await page.getByTestId('admin-user').getByRole('button', { name: 'Blokiraj' }).click();
  await page.getByRole('dialog').getByLabel('Razlog blokiranja').fill('Proba');
  await page.getByRole('dialog').getByTestId('confirm-ban').click();
  await page.getByTestId('admin-error-ban').getByText('Greška pri blokiranju korisnika.').waitFor();
  await screenshots(page, 'admin-ban-error');

  await page.route('**/api/admin/users/all', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.items = body.items.map((u: { status: string; banReason: string | null }) => ({
      ...u,
      status: 'Banned',
      banReason: 'proba',
    }));
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  });
  await page.route('**/api/admin/users/*/reactivate', failWith(409, 'AUTH.NOT_BANNED'));
  await page.getByRole('dialog').getByRole('button', { name: 'Otkaži' }).click();
  await page.reload();
  await page.getByLabel('Pretraga (ime, telefon ili e-mail)').fill(lastName);
  await eventually(
    async () => (await page.getByTestId('admin-user').count()) === 1,
    'only the searched user listed',
  );
  await page.getByTestId('admin-user').getByRole('button', { name: 'Ponovo aktiviraj' }).click();
  await page.getByRole('dialog').getByTestId('confirm-action').click();
  const reactivateError = page.getByTestId('admin-error-reactivate');
  await reactivateError.getByText('Greška pri ponovnom aktiviranju korisnika.').waitFor();
  await reactivateError.getByText('Korisnik nije blokiran.').waitFor();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.close();
});

test('the admin console speaks English: statistics and the users list', async () => {
  const { context, page } = await adminPage();
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.goto(`${run.product.url}/admin/stats`);
  await page.getByRole('heading', { name: 'Statistics' }).waitFor();
  await expect(page.title()).resolves.toBe('Statistics · Moba');
  await page.getByText('Pending applications').waitFor();
  await screenshots(page, 'admin-stats-english');
  await page.goto(`${run.product.url}/admin/users`);
  await page.getByText('Type at least 3 characters to search.').waitFor();
  await context.close();
});
