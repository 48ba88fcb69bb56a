/**
 * Chromium with JavaScript turned off, at 360 px and 1280 px: the pre-rendered home page takes a
 * guest application as a real POST (no name or phone in the URL) and the service answers a page;
 * the pages that need scripts say so.
 */
import type { Browser } from 'playwright-core';
import { runProductAndBrowser, uniquePhone, type Product } from './helpers';

jest.setTimeout(120_000);

let product: Product;
let browser: Browser;

runProductAndBrowser((run) => ({ product, browser } = run));

const sizes = [
  [360, 780],
  [1280, 900],
] as const;

async function noScriptPage(width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled: false });
  return context.newPage();
}

test.each(sizes)(
  'at %i px the home page guest form posts without JavaScript and thanks the visitor',
  async (width, height) => {
    const page = await noScriptPage(width, height);
    await page.goto(product.url);
    const form = page.locator('#guest form');
    await form.getByLabel('Ime', { exact: true }).fill('Jelena');
    await form.getByLabel('Prezime').fill('Stanković');
    const phone = uniquePhone();
    await form.getByLabel('Broj telefona').fill(phone);
    await form.getByLabel('Opština').fill('Arilje');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/signup-guest'));
    await form.getByRole('button', { name: 'Pozovite me' }).click();
    const request = await sent;
    expect(request.method()).toBe('POST');
    expect(request.url()).not.toContain(phone);
    await expect(page.getByTestId('guest-sent').textContent()).resolves.toContain('Hvala');
    expect(page.url()).not.toContain(phone);
    await page.context().close();
  },
);

test.each(sizes)(
  'at %i px a wrong phone comes back with the form, the error named and the name kept',
  async (width, height) => {
    const page = await noScriptPage(width, height);
    await page.goto(product.url);
    const form = page.locator('#guest form');
    await form.getByLabel('Ime', { exact: true }).fill('Jelena');
    await form.getByLabel('Prezime').fill('Stanković');
    await form.getByLabel('Broj telefona').fill('12');
    await form.getByLabel('Opština').fill('Arilje');
    await form.getByRole('button', { name: 'Pozovite me' }).click();
    await page.getByRole('alert').waitFor();
    await expect(
      page.getByText('Upišite ispravan broj telefona', { exact: false }).isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByLabel('Ime', { exact: true }).inputValue()).resolves.toBe('Jelena');
    await expect(page.getByLabel('Broj telefona').getAttribute('aria-invalid')).resolves.toBe('true');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  },
);

test.each(sizes)(
  'at %i px /login and the worker pages say plainly that they need JavaScript',
  async (width, height) => {
    const page = await noScriptPage(width, height);
    for (const path of ['/login', '/worker/mobas']) {
      await page.goto(`${product.url}${path}`);
      await expect(page.getByTestId('noscript').isVisible()).resolves.toBe(true);
      await expect(page.getByTestId('noscript').textContent()).resolves.toContain('JavaScript');
      // The shell's grey page would wait for scripts for ever: it is not shown.
      await expect(page.locator('.page-skeleton').count()).resolves.toBe(1);
      await expect(page.locator('.page-skeleton').isVisible()).resolves.toBe(false);
    }
    await page.context().close();
  },
);
