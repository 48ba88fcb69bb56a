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
} from './helpers';

jest.setTimeout(90_000);

const run = runProductAndBrowser({ pagePerTest: true });

test('a visitor sends the guest quick registration from the home page and sees the success notice', async () => {
  await run.page.goto(run.product.url);
  const form = run.page.getByRole('form', { name: 'Nemate nalog? Ostavite nam broj' });
  await form.getByLabel('Ime', { exact: true }).fill('Dragan');
  await form.getByLabel('Prezime').fill('Petrović');
  await form.getByLabel('Broj telefona').fill(uniquePhone());
  await form.getByLabel('Opština').fill('Arilje');
  await form.getByRole('button', { name: 'Pozovite me' }).click();
  // The app moves there by itself (history.pushState): its heading is what to wait for, not a load.
  await run.page.getByRole('heading', { name: 'Podaci su poslati' }).waitFor();
  expect(new URL(run.page.url()).pathname).toBe('/successful-guest-creation');
  // Nothing is texted to the number until its owner sends START: the notice tells how.
  await expect(run.page.getByTestId('guest-sms-start').textContent()).resolves.toContain(
    `pošaljite poruku START sa upisanog broja na ${SMS_REPLY_NUMBER}`,
  );
  await screenshots(run.page, 'guest-application-success');
});

test('the guest form shows the rules inline before anything is sent', async () => {
  await run.page.goto(`${run.product.url}/guest-registration`);
  await run.page.getByRole('button', { name: 'Pozovite me' }).click();
  await run.page.getByText('Ovo polje je obavezno.').first().waitFor();
  await run.page.getByLabel('Broj telefona').fill('123');
  await run.page.getByRole('button', { name: 'Pozovite me' }).click();
  await run.page.getByText('Unesite ispravan broj telefona.').waitFor();
  expect(run.page.url()).toContain('/guest-registration');
  await screenshots(run.page, 'guest-registration-errors');
});

test('a worker signs up, confirms the e-mail from the dev mailbox, logs in, sees the guidance and logs out', async () => {
  const person = {
    email: `radnik-${unique()}@example.com`,
    phone: uniquePhone(),
    password: 'sigurna-lozinka-1',
  };
  await signUpWorker(run.page, run.product.url, person);
  await screenshots(run.page, 'worker-confirmation-email-sent');

  const link = await linkFromMailbox(run.product, person.email, '/confirm-email');
  await run.page.goto(link);
  await run.page.getByTestId('confirm-success').waitFor();
  await screenshots(run.page, 'worker-email-confirmed');

  await logIn(run.page, run.product.url, person.email, person.password);
  await run.page.waitForURL('**/worker/mobas');
  const guidance = run.page.getByTestId('guidance-modal');
  await guidance.waitFor();
  await screenshots(run.page, 'worker-guidance-modal');
  await guidance.getByTestId('dont-show-again').check();
  await guidance.getByRole('button', { name: 'Prikaži uputstvo' }).click();
  await guidance.getByText('Aktivne mobe', { exact: false }).first().waitFor();
  await guidance.getByRole('button', { name: 'Razumem' }).click();
  await guidance.waitFor({ state: 'detached' });

  expect(await run.page.getByTestId('user-badge').textContent()).toContain('Milica Jovanović');
  await screenshots(run.page, 'worker-platform');
  const token = await run.page.evaluate(() => localStorage.getItem('token'));
  await run.page.getByRole('button', { name: 'Meni', exact: true }).click(); // the side menu folds away on a phone
  await run.page.getByTestId('logout').click();
  await run.page.getByRole('dialog', { name: 'Odjava' }).waitFor();
  await screenshots(run.page, 'worker-logout-confirm');
  await run.page.getByTestId('confirm-logout').click();
  await run.page.waitForURL('**/login');
  expect(await run.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // The session ended on the server too: its token is refused from now on.
  const old = await fetch(`${run.product.url}/api/workers/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(old.status).toBe(401);

  // Logged in again: "don't show again" was stored on the server.
  await logIn(run.page, run.product.url, person.email, person.password);
  await run.page.waitForURL('**/worker/mobas');
  await run.page.getByTestId('user-badge').waitFor();
  await run.page.waitForTimeout(1000);
  expect(await run.page.getByTestId('guidance-modal').count()).toBe(0);
});

test('signing up twice with the same e-mail shows "email already exists" on the e-mail field', async () => {
  const person = {
    email: `dupla-${unique()}@example.com`,
    phone: uniquePhone(),
    password: 'sigurna-lozinka-1',
  };
  await signUpWorker(run.page, run.product.url, person);
  await signUpWorker(run.page, run.product.url, { ...person, phone: uniquePhone() }).catch(() => undefined);
  await run.page.getByText('Ova e-mail adresa već postoji', { exact: false }).waitFor();
  await screenshots(run.page, 'signup-email-exists');
});

test('an estate signs up through the estate step and gets the confirmation notice', async () => {
  await run.page.goto(`${run.product.url}/signup`);
  await run.page.getByTestId('choose-estate').click();
  await run.page.waitForURL('**/estate-registration');
  await run.page.getByRole('button', { name: 'Dalje' }).click();
  await run.page.getByText('BPG mora imati tačno 12 cifara.').waitFor();
  await run.page.getByLabel('Naziv gazdinstva').fill('Voćnjak Zlatna dolina');
  await run.page.getByLabel('Opština gazdinstva').fill('Arilje');
  await run.page.getByLabel('BPG', { exact: false }).fill(String(Date.now()).slice(-12).padStart(12, '7'));
  await run.page.getByLabel('Osnovna delatnost').selectOption('Voćarstvo');
  await run.page.getByLabel('Malina').check();
  await run.page.getByLabel('Veličina gazdinstva').selectOption('From1To10ha');
  await screenshots(run.page, 'estate-registration-step');
  await run.page.getByRole('button', { name: 'Dalje' }).click();
  await run.page.waitForURL('**/basic-info-registration');
  await fillBasicInfo(run.page, {
    email: `gazda-${unique()}@example.com`,
    phone: uniquePhone(),
    password: 'sigurna-lozinka-2',
  });
  await run.page.getByRole('button', { name: 'Završi registraciju' }).click();
  await run.page.waitForURL('**/confirmation-email-sent');
  await screenshots(run.page, 'estate-confirmation-email-sent');
});

test('choosing the user type again drops the registration draft', async () => {
  await run.page.goto(`${run.product.url}/signup`);
  await run.page.getByTestId('choose-estate').click();
  await run.page.getByLabel('Naziv gazdinstva').fill('Prvi pokušaj');
  await run.page.getByLabel('BPG', { exact: false }).fill('123456789012');
  await run.page.getByRole('button', { name: 'Dalje' }).click(); // invalid, stays; draft not yet written
  await run.page.goto(`${run.product.url}/signup`);
  await run.page.getByTestId('choose-estate').click();
  expect(await run.page.getByLabel('Naziv gazdinstva').inputValue()).toBe('');
});

test('a user resets a forgotten password with the link from the mailbox and logs in with it', async () => {
  const person = {
    email: `zaboravan-${unique()}@example.com`,
    phone: uniquePhone(),
    password: 'stara-lozinka-1',
  };
  await signUpWorker(run.page, run.product.url, person);
  await run.page.goto(await linkFromMailbox(run.product, person.email, '/confirm-email'));
  await run.page.getByTestId('confirm-success').waitFor();

  await run.page.goto(`${run.product.url}/forgot-password`);
  await run.page.getByLabel('E-mail adresa').fill(`nepostoji-${unique()}@example.com`);
  await run.page.getByRole('button', { name: 'Pošalji link' }).click();
  await run.page.getByText('Nalog sa ovom e-mail adresom ne postoji.').waitFor();
  await screenshots(run.page, 'forgot-password-email-not-found');

  await run.page.getByLabel('E-mail adresa').fill(person.email);
  await run.page.getByRole('button', { name: 'Pošalji link' }).click();
  await run.page.waitForURL('**/forgot-password-email-sent');
  await screenshots(run.page, 'forgot-password-email-sent');

  await run.page.goto(await linkFromMailbox(run.product, person.email, '/new-password'));
  await run.page.getByLabel('Nova lozinka').fill('nova-lozinka-22');
  await run.page.getByLabel('Ponovite lozinku').fill('nova-lozinka-21');
  await run.page.getByRole('button', { name: 'Sačuvaj lozinku' }).click();
  await run.page.getByText('Lozinke se ne poklapaju.').waitFor();
  await run.page.getByLabel('Ponovite lozinku').fill('nova-lozinka-22');
  await run.page.getByRole('button', { name: 'Sačuvaj lozinku' }).click();
  await run.page.waitForURL('**/successful-password-reset');
  await screenshots(run.page, 'successful-password-reset');

  await logIn(run.page, run.product.url, person.email, 'stara-lozinka-1');
  await run.page.getByText('Lozinka ili e-mail nisu ispravni.').waitFor();
  await logIn(run.page, run.product.url, person.email, 'nova-lozinka-22');
  await run.page.waitForURL('**/worker/mobas');
});

test('the language switch turns the same page into English and into Serbian Cyrillic, and is remembered', async () => {
  await run.page.goto(`${run.product.url}/media`);
  await run.page.getByRole('heading', { level: 1, name: 'Mediji' }).waitFor();
  await run.page.getByRole('button', { name: 'English' }).click();
  await run.page.getByRole('heading', { level: 1, name: 'Media' }).waitFor();
  expect(run.page.url()).toContain('/media');
  await screenshots(run.page, 'language-english');
  await run.page.getByRole('button', { name: 'Српски (ћирилица)' }).click();
  await run.page.getByRole('heading', { level: 1, name: 'Медији' }).waitFor();
  await run.page.getByText('Вести, упутства и материјали о Моби.').waitFor();
  await screenshots(run.page, 'language-cyrillic');
  await run.page.reload();
  await run.page.getByRole('heading', { level: 1, name: 'Медији' }).waitFor();
  expect(await run.page.evaluate(() => document.documentElement.lang)).toBe('sr-Cyrl');
});

test('the admin gets the first-login guidance too; "don\'t show again" is kept on the server', async () => {
  await logIn(run.page, run.product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await run.page.waitForURL('**/admin/tickets');
  const guidance = run.page.getByTestId('guidance-modal');
  await guidance.getByRole('button', { name: 'Prikaži uputstvo' }).click();
  await guidance.getByText('U „Korisnici” pretražite naloge', { exact: false }).waitFor();
  await screenshots(run.page, 'admin-guidance-modal');
  await guidance.getByTestId('dont-show-again').check();
  await guidance.getByRole('button', { name: 'Razumem' }).click();
  await guidance.waitFor({ state: 'detached' });

  // Another browser on the same account: the choice came from the server.
  const other = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
  const next = await other.newPage();
  const meLoaded = next.waitForResponse((r) => r.url().endsWith('/api/users/me') && r.ok());
  await logIn(next, run.product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await next.waitForURL('**/admin/tickets');
  expect((await (await meLoaded).json()).dontShowGuidance).toBe(true);
  await next.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
  expect(await next.getByTestId('guidance-modal').count()).toBe(0);
  await other.close();
});

test('a notification pushed live appears in the bell and in the panel', async () => {
  await run.context.addInitScript(() => sessionStorage.setItem('guidanceSeen', 'true'));
  // The unread count before the push is the list the page itself fetched, not a badge read after a
  // fixed pause (on a loaded machine the list may not have come yet).
  const firstList = run.page.waitForResponse((r) => r.url().endsWith('/api/notifications/all') && r.ok());
  await logIn(run.page, run.product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await run.page.waitForURL('**/admin/tickets');
  const listed = (await (await firstList).json()) as { dateRead: string | null }[];
  const before = listed.filter((n) => !n.dateRead).length;

  const sender = `Jelena ${unique()}`;
  const res = await fetch(`${run.product.url}/api/contact-us`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: sender, email: 'jelena@example.com', message: 'Da li ima posla u Arilju?' }),
  });
  expect(res.status).toBeLessThan(300);

  await run.page
    .getByTestId('unread-badge')
    .getByText(String(before + 1))
    .waitFor();
  await run.page.getByTestId('bell').click();
  const panel = run.page.getByTestId('notification-panel');
  const item = panel.getByTestId('notification').filter({ hasText: sender });
  await item.waitFor();
  await item.getByText('upravo sada').waitFor();
  await screenshots(run.page, 'notification-live');

  await item.getByRole('button', { name: 'Označi kao pročitano' }).click();
  await panel.getByRole('tab', { name: /Pročitana \(\d+\)/ }).click();
  await panel.getByTestId('notification').filter({ hasText: sender }).waitFor();
});

test('an expired token lands on /login, and a rejected token is cleared on the first call', async () => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const token = (exp: number) =>
    `${b64({ alg: 'EdDSA' })}.${b64({ sub: '6f1d1c6e-7a9e-4f5e-9a43-3c1f0e0b7d21', role: 'Worker', fullName: 'Stari Token', exp })}.c2ln`;

  await run.page.goto(run.product.url);
  await run.page.evaluate((t) => localStorage.setItem('token', t), token(Math.floor(Date.now() / 1000) - 60));
  await run.page.goto(`${run.product.url}/worker/mobas`);
  await run.page.waitForURL('**/login');
  await screenshots(run.page, 'expired-token-login');

  // Not expired by the clock, but the server refuses it: the 401 clears storage and goes to /login.
  await run.page.evaluate(
    (t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('userId', '6f1d1c6e-7a9e-4f5e-9a43-3c1f0e0b7d21');
    },
    token(Math.floor(Date.now() / 1000) + 3600),
  );
  await run.page.goto(`${run.product.url}/worker/mobas`);
  await run.page.waitForURL('**/login');
  await run.page.waitForFunction(() => localStorage.getItem('token') === null);
});
