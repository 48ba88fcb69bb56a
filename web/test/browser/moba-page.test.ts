/**
 * Issue #31 point 1: a page per moba at /moba/:id (and /sr-Cyrl/moba/:id, /en/moba/:id), at 360 and
 * 1280 px. Browse's details dialog changes the address to the page's and Back closes it; reloading
 * that address opens the page; a link shared with a visitor works signed out, in each script, and
 * brings them back after signing in; Share copies the link where there is no share sheet; without
 * JavaScript the gateway's page is readable; axe finds nothing serious.
 */
import type { Response } from 'playwright-core';
import { loginAdmin, mobaFields, productDay, registeredUser } from '../../../test/support/product';
import {
  FIRST_VISIT_JS_LIMIT_KB,
  runProductAndBrowser,
  signedInContext,
  seriousViolations,
  postedMoba,
} from './helpers';

jest.setTimeout(240_000);

let mobaId: string;
const title = `Berba kupina ${Date.now().toString(36)}`;

const run = runProductAndBrowser();
beforeAll(async () => {
  const estate = await registeredUser(run.client, 'estate');
  const [start, end] = [await productDay(run.client, 3), await productDay(run.client, 8)];
  mobaId = await postedMoba(run.client, estate, mobaFields(start, end, { title }));
}, 60_000);

const sizes = [
  [360, 780],
  [1280, 900],
] as const;

async function workerSession() {
  const worker = await registeredUser(run.client, 'worker');
  return { token: worker.token, userId: worker.userId, email: worker.email, password: worker.password };
}

describe.each(sizes)('at %i px', (width, height) => {
  test('browse: the details dialog takes the page address, Back closes it, a reload opens the page, apply there', async () => {
    const worker = await workerSession();
    const context = await signedInContext(run.browser, worker, {
      viewport: { width, height },
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(`${run.product.url}/worker/mobas`);
    const card = page.getByTestId('vacancy-card').filter({ hasText: title });
    await card.getByRole('button', { name: 'Detalji i konkurisanje' }).click();
    await page.getByTestId('vacancy-details').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/moba/${mobaId}`);

    await page.goBack();
    await page.getByTestId('vacancy-details').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/worker/mobas');
    await expect(card.isVisible()).resolves.toBe(true);

    // The close button goes back too: the address is browse's again.
    await card.getByRole('button', { name: 'Detalji i konkurisanje' }).click();
    await page.getByTestId('vacancy-details').getByRole('button', { name: 'Zatvori' }).click();
    await page.getByTestId('vacancy-details').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/worker/mobas');

    await card.getByRole('button', { name: 'Detalji i konkurisanje' }).click();
    await page.reload();
    const mobaPage = page.getByTestId('moba-page');
    await mobaPage.waitFor();
    await expect(mobaPage.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
    expect(await seriousViolations(page)).toEqual([]);
    const apply = mobaPage.getByRole('button', { name: 'Konkuriši' });
    expect((await apply.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await apply.click();
    await mobaPage.getByTestId('apply-success').waitFor();
    await context.close();
  });

  test.each([
    ['', 'sr-Latn', title, 'Prijavite se'],
    ['/sr-Cyrl', 'sr-Cyrl', 'Берба купина', 'Пријавите се'],
    ['/en', 'en', title, 'Log in'],
  ])('a link shared with a visitor works signed out: %s/moba/:id', async (prefix, lang, heading, login) => {
    const context = await run.browser.newContext({ viewport: { width, height }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${run.product.url}${prefix}/moba/${mobaId}`);
    const mobaPage = page.getByTestId('moba-page');
    await mobaPage.waitFor();
    await expect(mobaPage.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(heading);
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe(lang);
    await page.getByTestId('visitor-apply').waitFor();
    const loginLink = page.getByRole('link', { name: login, exact: true }).last();
    expect((await loginLink.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

test('an estate and an admin read the same page, without an apply button', async () => {
  const estate = await registeredUser(run.client, 'estate');
  const admin = await loginAdmin(run.client);
  const adminToken = admin.auth.authorization.replace('Bearer ', '');
  for (const [role, token, userId] of [
    ['Estate', estate.token, estate.userId],
    ['Admin', adminToken, admin.userId],
  ] as const) {
    const context = await signedInContext(
      run.browser,
      { token, userId },
      { role, width: 360, bypassCSP: true },
    );
    const page = await context.newPage();
    await page.goto(`${run.product.url}/moba/${mobaId}`);
    const mobaPage = page.getByTestId('moba-page');
    await mobaPage.getByText('Na mobu se prijavljuju radnici.').waitFor();
    await expect(mobaPage.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
    expect(await mobaPage.getByRole('button', { name: 'Konkuriši' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }
});

test('a visitor who signs in to apply comes back to the moba', async () => {
  const worker = await workerSession();
  const context = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await page.goto(`${run.product.url}/moba/${mobaId}`);
  await page.getByTestId('apply-login').click();
  await page.getByLabel('E-mail adresa').fill(worker.email);
  await page.getByLabel('Lozinka').fill(worker.password);
  await page.getByRole('button', { name: 'Prijavi se' }).click();
  await page.waitForURL(`**/moba/${mobaId}`);
  await page.getByTestId('moba-page').getByRole('button', { name: 'Konkuriši' }).waitFor();
  await context.close();
});

test('Share copies the link where the browser has no share sheet, and says so', async () => {
  const context = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: run.product.url });
  await context.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  const page = await context.newPage();
  await page.goto(`${run.product.url}/moba/${mobaId}`);
  const share = page.getByTestId('share-moba');
  await share.click();
  await page.getByText('Veza je kopirana. Nalepite je u poruku.').waitFor();
  await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
    `${run.product.url}/moba/${mobaId}`,
  );
  expect((await share.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await context.close();
});

test('an unknown moba says so, in words', async () => {
  const context = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  const res = await page.goto(`${run.product.url}/moba/${crypto.randomUUID()}`);
  expect(res!.status()).toBe(404);
  await page.getByTestId('moba-missing').getByText('Moba nije pronađena').first().waitFor();
  await context.close();
});

describe.each(sizes)('without JavaScript at %i px', (width, height) => {
  test('the moba page is readable in each script, with its preview tags', async () => {
    const context = await run.browser.newContext({ viewport: { width, height }, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [prefix, fact] of [
      ['', 'Slobodna mesta'],
      ['/sr-Cyrl', 'Слободна места'],
      ['/en', 'Free places'],
    ] as const) {
      const res = await page.goto(`${run.product.url}${prefix}/moba/${mobaId}`);
      expect(res!.status()).toBe(200);
      const preview = page.getByTestId('moba-preview');
      await expect(preview.textContent()).resolves.toContain(fact);
      await expect(page.locator('meta[property="og:title"]').getAttribute('content')).resolves.toBeTruthy();
      await expect(page.locator('meta[property="og:url"]').getAttribute('content')).resolves.toBe(
        `${run.product.url}${prefix}/moba/${mobaId}`,
      );
    }
    const missing = await page.goto(`${run.product.url}/moba/${crypto.randomUUID()}`);
    expect(missing!.status()).toBe(404);
    await page.getByTestId('moba-missing').waitFor();
    await context.close();
  });
});

test("the moba page's own first visit from a pasted link: what it weighs", async () => {
  const context = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  const bytes = new Map<string, number>();
  page.on('response', (response: Response) => {
    const path = new URL(response.url()).pathname;
    if (!/\.m?js$/.test(path) || bytes.has(path)) return;
    bytes.set(path, Number(response.headers()['content-length'] ?? 0));
  });
  await page.goto(`${run.product.url}/moba/${mobaId}`);
  await page.getByTestId('visitor-apply').waitFor();
  await page.waitForLoadState('networkidle');
  const totalKb = [...bytes.values()].reduce((a, b) => a + b, 0) / 1024;
  console.log(`first visit /moba/:id as a visitor: ${totalKb.toFixed(1)} KB of JavaScript`);
  expect(totalKb).toBeLessThanOrEqual(FIRST_VISIT_JS_LIMIT_KB);
  await context.close();
});
