/**
 * Issue #35 point 7 at 360 px in three scripts: the public nav never hides a link past the screen's
 * edge (a visitor's "log in", a signed-in reader's "back to the platform"); after sign-in the
 * language switch is in the menu, not the header; the worker's menu leads to the harvest calendar,
 * which shows no estate promo and one language switch.
 */
import type { Page } from 'playwright-core';
import { createWorkerSession, runProductAndBrowser, signedInContext } from './helpers';

jest.setTimeout(120_000);

let worker: Awaited<ReturnType<typeof createWorkerSession>>;

const run = runProductAndBrowser();
beforeAll(async () => {
  worker = await createWorkerSession(run.product);
});

const scripts = ['sr-Latn', 'sr-Cyrl', 'en'] as const;

/** The public nav's links that reach past the screen, and whether the nav scrolls sideways. */
const clippedNav = (page: Page) =>
  page.evaluate(() => {
    const nav = document.querySelector('.public-nav')!;
    const clipped = [...nav.querySelectorAll('a')]
      .filter((a) => a.getBoundingClientRect().width > 0)
      .filter((a) => a.getBoundingClientRect().right > innerWidth || a.scrollWidth > a.clientWidth)
      .map((a) => a.textContent);
    return { clipped, scrolls: nav.scrollWidth > nav.clientWidth };
  });

/** The language switches a reader sees (the header's, the page's own links between scripts). */
const visibleSwitches = (page: Page) =>
  page
    .locator('.lang-switch, .harvest-scripts')
    .evaluateAll((all) => all.filter((el) => el.getClientRects().length > 0).length);

test.each(scripts)('in %s at 360 px a visitor sees the whole nav, "log in" included', async (lng) => {
  const context = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
  await context.addInitScript((l) => localStorage.setItem('language', l), lng);
  const page = await context.newPage();
  await page.goto(`${run.product.url}/media`);
  await page.locator('.public-nav a[href="/login"]').waitFor();
  expect(await clippedNav(page)).toEqual({ clipped: [], scrolls: false });
  await context.close();
});

test.each(scripts)(
  'in %s at 360 px a signed-in worker on the calendar sees "back to the platform" whole, no promo, one switch',
  async (lng) => {
    const context = await signedInContext(run.browser, worker, { viewport: { width: 360, height: 780 } });
    await context.addInitScript((l) => localStorage.setItem('language', l), lng);
    const page = await context.newPage();
    await page.goto(`${run.product.url}/harvest-calendar`);
    await page.getByTestId('back-to-platform').waitFor();
    await page.getByTestId('harvest-row').first().waitFor();
    expect(await clippedNav(page)).toEqual({ clipped: [], scrolls: false });
    expect(await page.locator('.promo').count()).toBe(0);
    expect(await visibleSwitches(page)).toBe(1);
    await context.close();
  },
);

test.each([360, 1280])(
  'at %i px the signed-in header has no language switch; the menu has it and the calendar',
  async (width) => {
    const context = await signedInContext(run.browser, worker, { viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${run.product.url}/worker/mobas`);
    await page.getByTestId('user-badge').waitFor();
    expect(await page.locator('.app-header .lang-switch').count()).toBe(0);
    const toggle = page.locator('button.menu-toggle');
    if (await toggle.isVisible()) await toggle.click();
    const menu = page.locator('#side-menu');
    await menu.locator('[data-lang="sr-Cyrl"]').click();
    await menu.getByRole('link', { name: 'Календар бербе' }).click();
    await page.waitForURL('**/worker/harvest-calendar');
    await page.getByRole('heading', { level: 1, name: 'Календар бербе' }).waitFor();
    await page.getByTestId('harvest-row').first().waitFor();
    expect(await page.locator('.promo').count()).toBe(0);
    expect(await page.locator('.site-header').count()).toBe(0);
    if (await toggle.isVisible())
      expect(await visibleSwitches(page)).toBe(0); // folded in the menu
    else expect(await visibleSwitches(page)).toBe(1);
    // The header's row fits the screen: nothing in it is pushed past the edge.
    const right = await page
      .locator('.app-header > *')
      .evaluateAll((all) => Math.max(...all.map((el) => el.getBoundingClientRect().right)));
    expect(right).toBeLessThanOrEqual(width);
    await context.close();
  },
);
