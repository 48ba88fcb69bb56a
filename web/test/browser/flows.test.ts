import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SMS_REPLY_NUMBER } from '@moba/contracts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  fillBasicInfo,
  linkFromMailbox,
  logIn,
  runProductAndBrowser,
  screenshots,
  signUpWorker,
  unique,
  uniquePhone,
  type Product,
} from './helpers';

jest.setTimeout(90_000);

let product: Product;
let browser: Browser;
let context: BrowserContext;
let page: Page;

runProductAndBrowser((run) => ({ product, browser, context, page } = run), { pagePerTest: true });

test('a visitor sends the guest quick registration from the home page and sees the success notice', async () => {
  await page.goto(product.url);
  const form = page.getByRole('form', { name: 'Nemate nalog? Ostavite nam broj' });
  await form.getByLabel('Ime', { exact: true }).fill('Dragan');
  await form.getByLabel('Prezime').fill('Petrović');
  await form.getByLabel('Broj telefona').fill(uniquePhone());
  await form.getByLabel('Opština').fill('Arilje');
  await form.getByRole('button', { name: 'Pozovite me' }).click();
  // The app moves there by itself (history.pushState): its heading is what to wait for, not a load.
  await page.getByRole('heading', { name: 'Podaci su poslati' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/successful-guest-creation');
  // Nothing is texted to the number until its owner sends START: the notice tells how.
  await expect(page.getByTestId('guest-sms-start').textContent()).resolves.toContain(
    `pošaljite poruku START sa upisanog broja na ${SMS_REPLY_NUMBER}`,
  );
  await screenshots(page, 'guest-application-success');
});

test('the guest form shows the rules inline before anything is sent', async () => {
  await page.goto(`${product.url}/guest-registration`);
  await page.getByRole('button', { name: 'Pozovite me' }).click();
  await page.getByText('Ovo polje je obavezno.').first().waitFor();
  await page.getByLabel('Broj telefona').fill('123');
  await page.getByRole('button', { name: 'Pozovite me' }).click();
  await page.getByText('Unesite ispravan broj telefona.').waitFor();
  expect(page.url()).toContain('/guest-registration');
  await screenshots(page, 'guest-registration-errors');
});

test('a worker signs up, confirms the e-mail from the dev mailbox, logs in, sees the guidance and logs out', async () => {
  const person = {
    email: `radnik-${unique()}@example.com`,
    phone: uniquePhone(),
    password: 'sigurna-lozinka-1',
  };
  await signUpWorker(page, product.url, person);
  await screenshots(page, 'worker-confirmation-email-sent');

  const link = await linkFromMailbox(product, person.email, '/confirm-email');
  await page.goto(link);
  await page.getByTestId('confirm-success').waitFor();
  await screenshots(page, 'worker-email-confirmed');

  await logIn(page, product.url, person.email, person.password);
  await page.waitForURL('**/worker/mobas');
  const guidance = page.getByTestId('guidance-modal');
  await guidance.waitFor();
  await screenshots(page, 'worker-guidance-modal');
  await guidance.getByTestId('dont-show-again').check();
  await guidance.getByRole('button', { name: 'Prikaži uputstvo' }).click();
  await guidance.getByText('Aktivne mobe', { exact: false }).first().waitFor();
  await guidance.getByRole('button', { name: 'Razumem' }).click();
  await guidance.waitFor({ state: 'detached' });

  expect(await page.getByTestId('user-badge').textContent()).toContain('Milica Jovanović');
  await screenshots(page, 'worker-platform');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.getByRole('button', { name: 'Meni', exact: true }).click(); // the side menu folds away on a phone
  await page.getByTestId('logout').click();
  await page.getByRole('dialog', { name: 'Odjava' }).waitFor();
  await screenshots(page, 'worker-logout-confirm');
  await page.getByTestId('confirm-logout').click();
  await page.waitForURL('**/login');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // The session ended on the server too: its token is refused from now on.
  const old = await fetch(`${product.url}/api/workers/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(old.status).toBe(401);

  // Logged in again: "don't show again" was stored on the server.
  await logIn(page, product.url, person.email, person.password);
  await page.waitForURL('**/worker/mobas');
  await page.getByTestId('user-badge').waitFor();
  await page.waitForTimeout(1000);
  expect(await page.getByTestId('guidance-modal').count()).toBe(0);
});

test('signing up twice with the same e-mail shows "email already exists" on the e-mail field', async () => {
  const person = {
    email: `dupla-${unique()}@example.com`,
    phone: uniquePhone(),
    password: 'sigurna-lozinka-1',
  };
  await signUpWorker(page, product.url, person);
  await signUpWorker(page, product.url, { ...person, phone: uniquePhone() }).catch(() => undefined);
  await page.getByText('Ova e-mail adresa već postoji', { exact: false }).waitFor();
  await screenshots(page, 'signup-email-exists');
});

test('an estate signs up through the estate step and gets the confirmation notice', async () => {
  await page.goto(`${product.url}/signup`);
  await page.getByTestId('choose-estate').click();
  await page.waitForURL('**/estate-registration');
  await page.getByRole('button', { name: 'Dalje' }).click();
  await page.getByText('BPG mora imati tačno 12 cifara.').waitFor();
  await page.getByLabel('Naziv gazdinstva').fill('Voćnjak Zlatna dolina');
  await page.getByLabel('Opština gazdinstva').fill('Arilje');
  await page.getByLabel('BPG', { exact: false }).fill(String(Date.now()).slice(-12).padStart(12, '7'));
  await page.getByLabel('Osnovna delatnost').selectOption('Voćarstvo');
  await page.getByLabel('Malina').check();
  await page.getByLabel('Veličina gazdinstva').selectOption('From1To10ha');
  await screenshots(page, 'estate-registration-step');
  await page.getByRole('button', { name: 'Dalje' }).click();
  await page.waitForURL('**/basic-info-registration');
  await fillBasicInfo(page, {
    email: `gazda-${unique()}@example.com`,
    phone: uniquePhone(),
    password: 'sigurna-lozinka-2',
  });
  await page.getByRole('button', { name: 'Završi registraciju' }).click();
  await page.waitForURL('**/confirmation-email-sent');
  await screenshots(page, 'estate-confirmation-email-sent');
});

test('choosing the user type again drops the registration draft', async () => {
  await page.goto(`${product.url}/signup`);
  await page.getByTestId('choose-estate').click();
  await page.getByLabel('Naziv gazdinstva').fill('Prvi pokušaj');
  await page.getByLabel('BPG', { exact: false }).fill('123456789012');
  await page.getByRole('button', { name: 'Dalje' }).click(); // invalid, stays; draft not yet written
  await page.goto(`${product.url}/signup`);
  await page.getByTestId('choose-estate').click();
  expect(await page.getByLabel('Naziv gazdinstva').inputValue()).toBe('');
});

test('a user resets a forgotten password with the link from the mailbox and logs in with it', async () => {
  const person = {
    email: `zaboravan-${unique()}@example.com`,
    phone: uniquePhone(),
    password: 'stara-lozinka-1',
  };
  await signUpWorker(page, product.url, person);
  await page.goto(await linkFromMailbox(product, person.email, '/confirm-email'));
  await page.getByTestId('confirm-success').waitFor();

  await page.goto(`${product.url}/forgot-password`);
  await page.getByLabel('E-mail adresa').fill(`nepostoji-${unique()}@example.com`);
  await page.getByRole('button', { name: 'Pošalji link' }).click();
  await page.getByText('Nalog sa ovom e-mail adresom ne postoji.').waitFor();
  await screenshots(page, 'forgot-password-email-not-found');

  await page.getByLabel('E-mail adresa').fill(person.email);
  await page.getByRole('button', { name: 'Pošalji link' }).click();
  await page.waitForURL('**/forgot-password-email-sent');
  await screenshots(page, 'forgot-password-email-sent');

  await page.goto(await linkFromMailbox(product, person.email, '/new-password'));
  await page.getByLabel('Nova lozinka').fill('nova-lozinka-22');
  await page.getByLabel('Ponovite lozinku').fill('nova-lozinka-21');
  await page.getByRole('button', { name: 'Sačuvaj lozinku' }).click();
  await page.getByText('Lozinke se ne poklapaju.').waitFor();
  await page.getByLabel('Ponovite lozinku').fill('nova-lozinka-22');
  await page.getByRole('button', { name: 'Sačuvaj lozinku' }).click();
  await page.waitForURL('**/successful-password-reset');
  await screenshots(page, 'successful-password-reset');

  await logIn(page, product.url, person.email, 'stara-lozinka-1');
  await page.getByText('Lozinka ili e-mail nisu ispravni.').waitFor();
  await logIn(page, product.url, person.email, 'nova-lozinka-22');
  await page.waitForURL('**/worker/mobas');
});

test('the language switch turns the same page into English and into Serbian Cyrillic, and is remembered', async () => {
  await page.goto(`${product.url}/media`);
  await page.getByRole('heading', { level: 1, name: 'Mediji' }).waitFor();
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('heading', { level: 1, name: 'Media' }).waitFor();
  expect(page.url()).toContain('/media');
  await screenshots(page, 'language-english');
  await page.getByRole('button', { name: 'Српски (ћирилица)' }).click();
  await page.getByRole('heading', { level: 1, name: 'Медији' }).waitFor();
  await page.getByText('Вести, упутства и материјали о Моби.').waitFor();
  await screenshots(page, 'language-cyrillic');
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Медији' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('sr-Cyrl');
});

test('the admin gets the first-login guidance too; "don\'t show again" is kept on the server', async () => {
  await logIn(page, product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.waitForURL('**/admin/tickets');
  const guidance = page.getByTestId('guidance-modal');
  await guidance.getByRole('button', { name: 'Prikaži uputstvo' }).click();
  await guidance.getByText('U „Korisnici” pretražite naloge', { exact: false }).waitFor();
  await screenshots(page, 'admin-guidance-modal');
  await guidance.getByTestId('dont-show-again').check();
  await guidance.getByRole('button', { name: 'Razumem' }).click();
  await guidance.waitFor({ state: 'detached' });

  // Another browser on the same account: the choice came from the server.
  const other = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const next = await other.newPage();
  const meLoaded = next.waitForResponse((r) => r.url().endsWith('/api/users/me') && r.ok());
  await logIn(next, product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await next.waitForURL('**/admin/tickets');
  expect((await (await meLoaded).json()).dontShowGuidance).toBe(true);
  await next.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
  expect(await next.getByTestId('guidance-modal').count()).toBe(0);
  await other.close();
});

test('a notification pushed live appears in the bell and in the panel', async () => {
  await context.addInitScript(() => sessionStorage.setItem('guidanceSeen', 'true'));
  // The unread count before the push is the list the page itself fetched, not a badge read after a
  // fixed pause (on a loaded machine the list may not have come yet).
  const firstList = page.waitForResponse((r) => r.url().endsWith('/api/notifications/all') && r.ok());
  await logIn(page, product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.waitForURL('**/admin/tickets');
  const listed = (await (await firstList).json()) as { dateRead: string | null }[];
  const before = listed.filter((n) => !n.dateRead).length;

  const sender = `Jelena ${unique()}`;
  const res = await fetch(`${product.url}/api/contact-us`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: sender, email: 'jelena@example.com', message: 'Da li ima posla u Arilju?' }),
  });
  expect(res.status).toBeLessThan(300);

  await page
    .getByTestId('unread-badge')
    .getByText(String(before + 1))
    .waitFor();
  await page.getByTestId('bell').click();
  const panel = page.getByTestId('notification-panel');
  const item = panel.getByTestId('notification').filter({ hasText: sender });
  await item.waitFor();
  await item.getByText('upravo sada').waitFor();
  await screenshots(page, 'notification-live');

  await item.getByRole('button', { name: 'Označi kao pročitano' }).click();
  await panel.getByRole('tab', { name: /Pročitana \(\d+\)/ }).click();
  await panel.getByTestId('notification').filter({ hasText: sender }).waitFor();
});

test('an expired token lands on /login, and a rejected token is cleared on the first call', async () => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const token = (exp: number) =>
    `${b64({ alg: 'EdDSA' })}.${b64({ sub: '6f1d1c6e-7a9e-4f5e-9a43-3c1f0e0b7d21', role: 'Worker', fullName: 'Stari Token', exp })}.c2ln`;

  await page.goto(product.url);
  await page.evaluate((t) => localStorage.setItem('token', t), token(Math.floor(Date.now() / 1000) - 60));
  await page.goto(`${product.url}/worker/mobas`);
  await page.waitForURL('**/login');
  await screenshots(page, 'expired-token-login');

  // Not expired by the clock, but the server refuses it: the 401 clears storage and goes to /login.
  await page.evaluate(
    (t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('userId', '6f1d1c6e-7a9e-4f5e-9a43-3c1f0e0b7d21');
    },
    token(Math.floor(Date.now() / 1000) + 3600),
  );
  await page.goto(`${product.url}/worker/mobas`);
  await page.waitForURL('**/login');
  await page.waitForFunction(() => localStorage.getItem('token') === null);
});
