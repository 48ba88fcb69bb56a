/**
 * Trust screens in a real browser against the whole product: the admin audit log (and, as the
 * trust features land, verified estates, held and reported mobas, promises kept).
 */
import type { Page } from 'playwright-core';
import { ADMIN, mobaFields, productDay, registeredUser } from '../../../test/support/product';
import {
  logIn,
  runProductBrowserAndAdmin,
  screenshots,
  useSessionIn,
  eventually,
  pendingApplications,
} from './helpers';

jest.setTimeout(120_000);

const run = runProductBrowserAndAdmin({ pagePerTest: true });

async function asAdmin(page: Page) {
  await page.context().addInitScript(() => sessionStorage.setItem('guidanceSeen', 'true'));
  await logIn(page, run.product.url, ADMIN.email, ADMIN.password);
  await page.waitForURL(/\/admin\/tickets/);
}

describe('admin audit log', () => {
  test('lists a ban with who, what and before/after, and finds it by the user name, at 360 and 1280 px', async () => {
    const surname = `Audit${Math.random().toString(36).slice(2, 8)}`;
    const worker = await registeredUser(run.client, 'worker', { lastName: surname });
    await run.client.post(`/api/admin/users/${worker.userId}/ban`, { reason: 'lažni oglas' }, run.admin.auth);
    await eventually(
      async () =>
        (await run.client.post('/api/admin/audit', { targetId: worker.userId }, run.admin.auth)).body
          .total === 1,
      'audit entry stored',
    );
    const { page } = run;
    await asAdmin(page);
    await page.goto(`${run.product.url}/admin/audit`);
    await page.getByRole('heading', { level: 1, name: 'Dnevnik izmena' }).waitFor();
    await page.getByLabel(/Pretraga/).fill(surname);
    const entry = page.getByTestId('audit-entry').filter({ hasText: surname });
    await entry.waitFor();
    await expect(entry.textContent()).resolves.toContain('Blokiran korisnik');
    await expect(entry.textContent()).resolves.toContain('lažni oglas');
    await screenshots(page, 'admin-audit');
  });
});

describe('verified estates', () => {
  test('an admin verifies an estate with a note on the users screen; workers see the badge and can browse verified estates only', async () => {
    const estateName = `Imanje Provera ${Math.random().toString(36).slice(2, 7)}`;
    const estate = await registeredUser(run.client, 'estate', { estateName });
    const other = await registeredUser(run.client, 'estate');
    const day = await productDay(run.client, 2);
    const verifiedTitle = `Berba kupina ${Math.random().toString(36).slice(2, 7)}`;
    const otherTitle = `Berba kupina ${Math.random().toString(36).slice(2, 7)}`;
    for (const [who, title] of [
      [estate, verifiedTitle],
      [other, otherTitle],
    ] as const) {
      const created = await run.client.post(
        '/api/estates/vacancies/create',
        mobaFields(day, day, { title, crops: [], dailyWage: 4000 }),
        who.auth,
      );
      expect(created.status).toBe(201);
    }

    const { page } = run;
    await asAdmin(page);
    await page.goto(`${run.product.url}/admin/users`);
    await page
      .getByLabel(/Pretraga/)
      .first()
      .fill(estateName.split(' ').pop()!);
    const card = page.getByTestId('admin-user').filter({ hasText: estateName });
    await card.getByTestId('verify-estate').click();
    await page.getByTestId('verify-bpg').waitFor();
    await page.getByTestId('confirm-verify').click();
    await page.getByText('Beleška je obavezna.').waitFor();
    await page.getByLabel('Beleška').fill('BPG i PIB provereni u registru APR');
    await screenshots(page, 'admin-verify-estate');
    await page.getByTestId('confirm-verify').click();
    await card.getByTestId('verified-badge').waitFor();

    const worker = await registeredUser(run.client, 'worker');
    const workerPage = await run.context.newPage();
    await useSessionIn(workerPage, run.product.url, worker);
    await workerPage.goto(`${run.product.url}/worker/mobas`);
    const verifiedCard = workerPage.getByTestId('vacancy-card').filter({ hasText: verifiedTitle });
    await verifiedCard.getByTestId('verified-badge').waitFor();
    await expect(verifiedCard.getByTestId('promise-figure').textContent()).resolves.toContain('Novo na Mobi');
    await screenshots(workerPage, 'browse-verified-badge');
    await expect(
      workerPage
        .getByTestId('vacancy-card')
        .filter({ hasText: otherTitle })
        .getByTestId('verified-badge')
        .count(),
    ).resolves.toBe(0);
  });
});

describe('scam-proof listings', () => {
  test('a moba below the legal minimum waits with its reason; the admin approves it on the review screen; a worker reports a moba', async () => {
    const estate = await registeredUser(run.client, 'estate');
    const day = await productDay(run.client, 3);
    const title = `Berba kupina ${Math.random().toString(36).slice(2, 7)}`;
    const created = await run.client.post(
      '/api/estates/vacancies/create',
      mobaFields(day, day, { title, crops: [], dailyWage: 1500 }),
      estate.auth,
    );
    expect(created.status).toBe(201);

    // The estate reads why its moba waits.
    const estateContext = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
    const estatePage = await estateContext.newPage();
    await useSessionIn(estatePage, run.product.url, estate);
    await estatePage.evaluate(() => localStorage.setItem('role', 'Estate'));
    await estatePage.goto(`${run.product.url}/estate/my-mobas`);
    const waiting = estatePage
      .getByTestId('estate-moba')
      .filter({ hasText: title })
      .getByTestId('listing-review');
    await waiting.waitFor();
    await expect(waiting.textContent()).resolves.toContain('ispod zakonskog minimuma');
    // said once, by the card's status, not again by the note
    const estateCard = estatePage.getByTestId('estate-moba').filter({ hasText: title });
    await expect(estateCard.getByText('Čeka proveru administratora').count()).resolves.toBe(1);
    // the card's primary action keeps its words on one line at 360 px (the others are in its menu)
    const lines = await estateCard.locator('.card-actions > .primary').evaluateAll((actions) =>
      actions.map((el) => {
        const text = document.createRange();
        text.selectNodeContents(el);
        return Math.round(text.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
      }),
    );
    expect(lines).toEqual(lines.map(() => 1));
    await screenshots(estatePage, 'estate-moba-held');
    await estateContext.close();

    // The admin approves it with a note.
    const { page } = run;
    await asAdmin(page);
    await page.goto(`${run.product.url}/admin/review`);
    const item = page.getByTestId('review-item').filter({ hasText: title });
    await item.waitFor();
    await screenshots(page, 'admin-review-queue');
    await item
      .getByLabel('Beleška za gazdinstvo')
      .fill('Dogovoreno sa gazdom: dnevnica ispravljena na 4.000.');
    await item.getByTestId('review-approve').click();
    await item.waitFor({ state: 'detached' });

    // A worker opens it and reports it.
    const worker = await registeredUser(run.client, 'worker');
    const workerContext = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
    const workerPage = await workerContext.newPage();
    await useSessionIn(workerPage, run.product.url, worker);
    await workerPage.goto(`${run.product.url}/worker/mobas`);
    const card = workerPage.getByTestId('vacancy-card').filter({ hasText: title });
    await card.waitFor();
    await card.getByRole('button').last().click();
    await workerPage.getByTestId('report-moba').click();
    await workerPage.getByLabel('Traži novac od radnika').check();
    await workerPage.getByLabel(/Šta se desilo/).fill('Traže uplatu za smeštaj preko poruke.');
    await screenshots(workerPage, 'worker-report-moba');
    await workerPage.getByTestId('send-report').click();
    await workerPage.getByTestId('report-sent').waitFor();
    await workerContext.close();
  });
});

describe('promise kept', () => {
  test('a worker rates the estate with the checklist of what the moba promised (only the extras it offered)', async () => {
    const estate = await registeredUser(run.client, 'estate');
    const worker = await registeredUser(run.client, 'worker');
    const title = `Berba kupina ${Math.random().toString(36).slice(2, 7)}`;
    const created = await run.client.post(
      '/api/estates/vacancies/create',
      mobaFields(await productDay(run.client, 1), await productDay(run.client, 2), { title, crops: [] }),
      estate.auth,
    );
    const vacancyId = created.body.id as string;
    await eventually(
      async () =>
        (await run.client.post('/api/applications/create', { vacancyId }, worker.auth)).status === 201,
      'applied',
    );
    const pending = await eventually(async () => {
      const list = await pendingApplications(run);
      return list.find((a) => a.vacancyId === vacancyId);
    }, 'pending application');
    await run.client.post(`/api/admin/applications/${pending.id}/accept`, {}, run.admin.auth);
    await run.client.post('/api/dev/clock', { advanceMs: 5 * 86_400_000 });
    await eventually(
      async () =>
        (await run.client.get(`/api/workers/vacancy/${vacancyId}/estate/for-rating`, worker.auth)).status ===
        200,
      'the moba finished for the rating service',
    );

    const workerContext = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await workerContext.newPage();
    await useSessionIn(page, run.product.url, worker);
    await page.goto(`${run.product.url}/worker/my-mobas/${vacancyId}/rate-estate`);
    const checklist = page.getByTestId('promise-checklist');
    await checklist.waitFor();
    // Food was offered; transport and accommodation were not, so they are not asked.
    await expect(checklist.getByRole('radiogroup').count()).resolves.toBe(4);
    await expect(checklist.textContent()).resolves.not.toContain('Prevoz');
    await page.getByLabel('Ocena 5 od 5').check({ force: true });
    await page.getByRole('button', { name: 'Pošalji ocenu' }).click();
    await page.getByText('Odgovorite na svako pitanje (da ili ne).').waitFor();
    for (const group of await checklist.getByRole('radiogroup').all())
      await group.getByText('Da', { exact: true }).click();
    await screenshots(page, 'rate-estate-promises');
    await page.getByRole('button', { name: 'Pošalji ocenu' }).click();
    await page.getByTestId('rate-estate-done').waitFor();
    const mine = await run.client.get('/api/users/me/ratings', estate.auth);
    expect(mine.body.promises).toEqual({ jobs: 1, kept: 1 });
    await workerContext.close();
  });
});
