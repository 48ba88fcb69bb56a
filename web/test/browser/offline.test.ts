/**
 * Issue 21 item 2 in Chromium at 360 px with the network cut: the app is installable (manifest with
 * icons, a service worker controlling the page), the worker's last browse and "my mobas" answers show
 * offline with how old they are and their icons, the notification panel, the filters and a moba's
 * details whose code never came say so, an apply made offline is refused in words and never sent,
 * and logout clears every kept private answer.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { mobaFields, productDay, registeredUser } from '../../../test/support/product';
import { iconsDrawn, runProductAndBrowser, useSessionIn, postedMoba } from './helpers';

jest.setTimeout(120_000);

let context: BrowserContext;
let page: Page;
let worker: Awaited<ReturnType<typeof registeredUser>>;
const TITLE = 'Berba kajsija kod Smedereva';
const PRIVATE_CACHE = 'moba-private-v1';

const run = runProductAndBrowser();
beforeAll(async () => {
  const estate = await registeredUser(run.client, 'estate');
  worker = await registeredUser(run.client, 'worker');
  const [start, end] = [await productDay(run.client, 4), await productDay(run.client, 9)];
  for (const title of [TITLE, 'Berba malina']) {
    await postedMoba(run.client, estate, mobaFields(start, end, { title }));
  }
  context = await run.browser.newContext({ viewport: { width: 360, height: 780 }, serviceWorkers: 'allow' });
  page = await context.newPage();
  await useSessionIn(page, run.product.url, worker);
}, 120_000);
afterAll(() => context?.close());

const keptAnswers = () =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const cache = await caches.open(name);
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  }, PRIVATE_CACHE);

test('the app is installable: a manifest with icons, and a service worker that controls the page', async () => {
  await page.goto(`${run.product.url}/worker/mobas`);
  await page.getByTestId('vacancy-card').first().waitFor();
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await run.client.get(manifestHref!)).body as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const res = await fetch(`${run.product.url}${icon.src}`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png']);
  }
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${run.product.url}/`);
  // Controlled from the next load on: the browse and my-mobas answers are kept.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByTestId('vacancy-card').first().waitFor();
  await page.goto(`${run.product.url}/worker/my-mobas`);
  await page.getByTestId('tab-active').waitFor();
  await page.waitForFunction(
    async (name) => (await (await caches.open(name)).keys()).length >= 3,
    PRIVATE_CACHE,
  );
  expect(await keptAnswers()).toEqual(
    expect.arrayContaining(['/api/workers/vacancies/open', '/api/workers/vacancies/my/active']),
  );
});

test('with the network cut, browse and my mobas show the kept answers with how old they are', async () => {
  await context.setOffline(true);
  // Two hours later on the phone's clock, still without network.
  await page.clock.install({ time: Date.now() + 2 * 3_600_000 + 60_000 });
  await page.goto(`${run.product.url}/worker/mobas`);
  await page.getByRole('article', { name: TITLE }).waitFor();
  await expect(page.getByTestId('offline-notice').textContent()).resolves.toMatch(
    /Niste povezani na internet\. Poslednje ažuriranje: pre 2 sata/,
  );
  await iconsDrawn(page); // from the sprite the service worker keeps
  await page.locator('button.menu-toggle').click();
  await page.locator('#side-menu').getByRole('link', { name: 'Moje mobe' }).click();
  await page.getByTestId('tab-active').waitFor();
  await page.getByTestId('offline-notice').waitFor();
});

test('offline, a bell never tapped before says the panel cannot load, and the page stays', async () => {
  await page.goto(`${run.product.url}/worker/mobas`);
  await page.getByTestId('vacancy-card').first().waitFor();
  await page.getByTestId('bell').click();
  await expect(page.getByTestId('notification-panel').textContent()).resolves.toContain(
    'Nema veze sa serverom',
  );
  expect(await page.getByTestId('vacancy-card').count()).toBeGreaterThan(0);
});

test('offline, filters never opened before say they cannot load, and the list stays', async () => {
  await page.goto(`${run.product.url}/worker/mobas`);
  await page.getByTestId('vacancy-card').first().waitFor();
  await page.getByTestId('more-filters').click();
  await expect(page.getByRole('dialog').getByRole('alert').textContent()).resolves.toContain(
    'Nema veze sa serverom',
  );
  expect(await page.getByTestId('vacancy-card').count()).toBeGreaterThan(0);
});

test('offline, details never opened before say they cannot load, and their retry opens them once online', async () => {
  await page.goto(`${run.product.url}/worker/mobas`);
  await page.getByRole('article', { name: TITLE }).getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: TITLE });
  await expect(dialog.getByRole('alert').textContent()).resolves.toContain('Nema veze sa serverom');
  expect(await page.getByTestId('vacancy-card').count()).toBeGreaterThan(0);
  await context.setOffline(false);
  await dialog.getByRole('button', { name: 'Pokušaj ponovo' }).click();
  await dialog.getByTestId('vacancy-details').waitFor();
  await context.setOffline(true); // their code is kept from now on
});

test('an apply made offline is refused in words and nothing reaches the server', async () => {
  await page.goto(`${run.product.url}/worker/mobas`);
  const card = page.getByRole('article', { name: TITLE });
  await card.getByRole('button').click();
  await page.getByRole('button', { name: 'Konkuriši' }).click();
  await expect(page.getByTestId('apply-offline').textContent()).resolves.toContain('prijava NIJE poslata');
  await context.setOffline(false);
  const mine = (await run.client.get('/api/workers/vacancies/my/active', worker.auth)).body as unknown[];
  expect(mine).toEqual([]);
});

test('offline, a page whose code this phone never kept says so with a retry; once opened, it opens offline', async () => {
  await context.setOffline(true);
  await page.goto(`${run.product.url}/harvest-calendar`);
  const notice = page.getByTestId('page-unavailable');
  await expect(notice.textContent()).resolves.toContain('Nema veze sa serverom');
  await context.setOffline(false);
  // The page comes pre-rendered, its rows before its code: "opened" is when its code and texts have
  // come, which the service worker keeps before it hands them over.
  const kept = (file: string) =>
    page.waitForResponse((r) => new RegExp(`/assets/${file}-[^/]*\\.js$`).test(r.url()));
  const pageCode = Promise.all([kept('HarvestCalendarPage'), kept('harvest')]);
  await notice.getByRole('button', { name: 'Pokušaj ponovo' }).click();
  await pageCode;
  await page.getByTestId('harvest-row').first().waitFor();
  // Opened once, its code is kept: the next time it opens without the network.
  await context.setOffline(true);
  await page.goto(`${run.product.url}/harvest-calendar`);
  await page.getByTestId('harvest-row').first().waitFor();
  expect(await page.getByTestId('page-unavailable').count()).toBe(0);
  await context.setOffline(false);
});

test('logout clears every kept private answer', async () => {
  await page.goto(`${run.product.url}/worker/mobas`);
  await page.getByTestId('vacancy-card').first().waitFor();
  expect((await keptAnswers()).length).toBeGreaterThan(0);
  await page.locator('button.menu-toggle').click();
  await page.getByTestId('logout').click();
  await page.getByTestId('confirm-logout').click();
  await page.waitForURL(/\/login/);
  await page.waitForFunction(async (name) => !(await caches.has(name)), PRIVATE_CACHE);
  expect(await keptAnswers()).toEqual([]);
});
