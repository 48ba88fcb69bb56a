/**
 * Issue 26 item 3 and issue 35 point 10, on the network the issues were measured on (150 ms latency,
 * 1.6 Mbps, CPU ×4): every tap answers within 100 ms (a link, the first "Filteri", the first
 * "Detalji"), and a signed-in worker's browse asks for its mobas while its code loads. Like the
 * JavaScript budget of the home page the taps are user-facing budgets: the figure is printed, taken
 * on a warm server, retried at most three times. How soon the browse paints (its LCP and first card)
 * depends on how fast this machine is at the moment, so it is measured by bench/web-speed.ts, beside
 * a pre-rendered page measured in the same run, not held to a deadline here.
 */
import type { Browser } from 'playwright-core';
import { createWorkerSession, runProductAndBrowser, signedInWorkerContext, type Product } from './helpers';
import { bestOf, seedBrowseMobas, tapAnswer, tapShows, throttle, throttledBrowse } from './throttled';

jest.setTimeout(180_000);

const TAP_BUDGET_MS = 100;

let product: Product;
let browser: Browser;

runProductAndBrowser((run) => ({ product, browser } = run));
beforeAll(() => seedBrowseMobas(product), 120_000);

describe.each([
  [360, 780],
  [1280, 900],
])('on a slow network at %i px', (width, height) => {
  test('a tap on "Prijava" answers within 100 ms and the login form follows', async () => {
    const measured = await bestOf(`${width} px: tap on Prijava → first answer`, TAP_BUDGET_MS, async () => {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await page.goto(product.url); // the pre-rendered home, then the throttled tap
      await page.waitForLoadState('networkidle');
      await throttle(page);
      const ms = await tapAnswer(page, '.site-header a[href="/login"]');
      await page.getByLabel('E-mail adresa').waitFor({ timeout: 30_000 });
      await context.close();
      return ms;
    });
    expect(measured).toBeLessThanOrEqual(TAP_BUDGET_MS);
  });

  test("a signed-in worker's browse asks for its mobas before its code has arrived, once, with grey cards meanwhile", async () => {
    const session = await createWorkerSession(product);
    const context = await signedInWorkerContext(browser, session, { viewport: { width, height } });
    const page = await context.newPage();
    await throttle(page);
    const started: { url: string; at: number }[] = [];
    const finished: { url: string; at: number }[] = [];
    const t0 = Date.now();
    page.on('request', (r) => started.push({ url: new URL(r.url()).pathname, at: Date.now() - t0 }));
    page.on('requestfinished', (r) => finished.push({ url: new URL(r.url()).pathname, at: Date.now() - t0 }));
    // The grey cards are in the shell's HTML: looked for as soon as it comes, not at the load event.
    await page.goto(`${product.url}/worker/mobas`, { waitUntil: 'commit' });
    await page.getByTestId('skeleton').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('vacancy-card').first().waitFor({ timeout: 30_000 });
    const browse = started.filter((r) => r.url === '/api/workers/vacancies/open');
    const entry = finished.find((r) => /^\/assets\/index-.*\.js$/.test(r.url));
    const pageCode = started.find((r) => /\/assets\/MobasPage-/.test(r.url));
    console.log(
      `${width} px: browse request at ${browse[0]?.at} ms, entry script in at ${entry?.at} ms, page code asked for at ${pageCode?.at} ms`,
    );
    expect(browse).toHaveLength(1);
    expect(browse[0]!.at).toBeLessThan(entry!.at);
    // The page's code is asked for by the HTML, beside the entry script, not after it has run.
    expect(pageCode!.at).toBeLessThan(entry!.at);
    await context.close();
  });

  test('the first tap on a card\'s "Детаљи" shows the moba\'s dialog within 100 ms, its details follow', async () => {
    const session = await createWorkerSession(product);
    const measured = await bestOf(`${width} px: first tap on Детаљи → dialog`, TAP_BUDGET_MS, async () => {
      const context = await signedInWorkerContext(browser, session, { viewport: { width, height } });
      await context.addInitScript(() => localStorage.setItem('language', 'sr-Cyrl'));
      const page = await throttledBrowse(context, product.url);
      const card = page.getByTestId('vacancy-card').first();
      const ms = await tapShows(page, card.getByRole('button', { name: /^Детаљи/ }), '[role="dialog"] h2');
      await page.getByTestId('vacancy-details').waitFor({ timeout: 30_000 });
      await context.close();
      return ms;
    });
    expect(measured).toBeLessThanOrEqual(TAP_BUDGET_MS);
  });
});

test('on a phone, the first tap on "Više filtera" opens the filter sheet within 100 ms, its fields follow', async () => {
  const session = await createWorkerSession(product);
  const measured = await bestOf(
    '360 px: first tap on Više filtera → filter sheet',
    TAP_BUDGET_MS,
    async () => {
      const context = await signedInWorkerContext(browser, session, {
        viewport: { width: 360, height: 780 },
      });
      const page = await throttledBrowse(context, product.url);
      const ms = await tapShows(page, page.getByTestId('more-filters'), '[role="dialog"] .sheet-close');
      await page.getByRole('button', { name: 'Prikaži mobe' }).waitFor({ timeout: 30_000 });
      await context.close();
      return ms;
    },
  );
  expect(measured).toBeLessThanOrEqual(TAP_BUDGET_MS);
});
