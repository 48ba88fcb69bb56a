/**
 * Words and forms: the home page's two buttons start different sign-ups, logging in and applying
 * use different words, and registration shows every error on the first submit with the focus on
 * the first one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { fillAvailability, runProductAndBrowser, screenshots, uniquePhone } from './helpers';

jest.setTimeout(120_000);

const run = runProductAndBrowser();

const errorOf = async (page: Page, label: string) => {
  const input = page.getByLabel(label, { exact: true });
  const ids = (await input.getAttribute('aria-describedby')) ?? '';
  const errorId = ids.split(' ').find((id) => id.endsWith('-error'));
  return errorId ? page.locator(`[id="${errorId}"]`).innerText() : null;
};

test('the two hero buttons lead to the worker and the estate sign-up, and the platform is not "launching in 2025"', async () => {
  const page = await run.browser.newPage({ viewport: { width: 360, height: 780 } });
  await page.goto(run.product.url);
  // no stale launch date ("Platforma kreće u martu/aprilu 2025.", "počinje … 2025")
  expect(await page.locator('main').innerText()).not.toMatch(/(kreće|počinje|launches|opens)[^.]*2025/i);
  await page.getByTestId('hero-find-work').click();
  await page.waitForURL('**/month-availability');
  await page.goto(run.product.url);
  await page.getByTestId('hero-find-workers').click();
  await page.waitForURL('**/estate-registration');
  await page.close();
});

test('logging in and applying are different words', async () => {
  const page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${run.product.url}/login`);
  const login = (await page.locator('form button[type="submit"]').innerText()).trim();
  expect(login).toBe('Prijavi se');
  const mobas = JSON.parse(
    readFileSync(path.join(__dirname, '../../src/locales/sr-Latn/mobas.json'), 'utf8'),
  ) as {
    details: string;
    apply: { submit: string };
  };
  for (const applying of [mobas.details, mobas.apply.submit]) expect(applying).not.toMatch(/prijav/i);
  await page.close();
});

test('registration shows every error on the first submit and moves the focus to the first', async () => {
  const page = await run.browser.newPage({ viewport: { width: 360, height: 780 } });
  await page.goto(`${run.product.url}/signup?as=worker`);
  await page.waitForURL('**/month-availability');
  await fillAvailability(page, ['Jun']);

  // First name left empty, too young, passwords that differ: all three at once.
  await page.getByLabel('Prezime').fill('Petrović');
  await page.getByLabel('Broj telefona').fill(uniquePhone());
  await page.getByLabel('Datum rođenja').fill(`${new Date().getFullYear() - 12}-05-14`);
  await page.getByLabel('Ženski').check();
  await page.getByLabel('E-mail adresa').fill('mlada@example.com');
  await page.getByLabel('Lozinka', { exact: true }).fill('sigurna-lozinka-1');
  await page.getByLabel('Ponovite lozinku').fill('druga-lozinka-1');
  await page.getByRole('checkbox', { name: /Prihvatam uslove/ }).check();
  await page.getByRole('button', { name: 'Završi registraciju' }).click();

  await page.locator('input[aria-invalid="true"]').first().waitFor();
  expect(await errorOf(page, 'Ime')).toBeTruthy();
  expect(await errorOf(page, 'Datum rođenja')).toMatch(/16/);
  expect(await errorOf(page, 'Ponovite lozinku')).toBeTruthy();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('given-name');
  await screenshots(page, 'registration-all-errors');

  // An empty date of birth says that it is missing, not "check the value".
  await page.getByLabel('Ime', { exact: true }).fill('Milena');
  await page.getByLabel('Datum rođenja').fill('');
  await page.getByRole('button', { name: 'Završi registraciju' }).click();
  await page.waitForFunction(() => !document.querySelector('input[autocomplete="given-name"][aria-invalid]'));
  expect(await errorOf(page, 'Datum rođenja')).toBe('Ovo polje je obavezno.');
  await page.close();
});

test('the login form (checked without zod) names each wrong field on submit, focuses the first, and clears as it is corrected', async () => {
  const page = await run.browser.newPage({ viewport: { width: 360, height: 780 } });
  const logins: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/login') && logins.push(r.url()));
  await page.goto(`${run.product.url}/login`);
  await page.getByRole('button', { name: 'Prijavi se' }).click();
  expect(await errorOf(page, 'E-mail adresa')).toBe('Ovo polje je obavezno.');
  expect(await errorOf(page, 'Lozinka')).toBe('Ovo polje je obavezno.');
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('email');
  await screenshots(page, 'login-errors');
  await page.getByLabel('E-mail adresa').fill('ana@');
  expect(await errorOf(page, 'E-mail adresa')).toBe('Unesite ispravnu e-mail adresu.');
  await page.getByLabel('E-mail adresa').fill(' Ana@Farma.rs ');
  await page.getByLabel('Lozinka', { exact: true }).fill('pogresna-lozinka');
  expect(await errorOf(page, 'E-mail adresa')).toBeNull();
  expect(await errorOf(page, 'Lozinka')).toBeNull();
  expect(logins).toEqual([]); // nothing was sent while a field was wrong
  await page.close();
});
