/**
 * Cyrillic end to end: a worker at 360 px reads the app in Cyrillic, registers with her
 * municipality typed in Cyrillic, gets her confirmation mail in Cyrillic and finds, by a Cyrillic
 * town, a moba an estate wrote in Latin — shown to her in Cyrillic.
 */
import { toCyrillic } from '@moba/contracts';
import { mobaFields } from '../../../test/support/product';
import {
  chooseLanguageInMenu,
  createWorkerSession,
  runProductAndBrowser,
  screenshots,
  unique,
  uniquePhone,
  workerSignUpBody,
  WAIT_MS,
  signedInContext,
  isoDay,
} from './helpers';

jest.setTimeout(120_000);

const run = runProductAndBrowser();

async function api(path: string, body: unknown, token?: string) {
  const res = await fetch(`${run.product.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, string>;
}

type Mail = { subject: string; links: string[] };
/** The mails to `email` once one of them passes `wanted`. */
async function mailsTo(email: string, wanted: (mail: Mail) => boolean = () => true): Promise<Mail[]> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const res = await fetch(`${run.product.url}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    const mails = res.ok ? ((await res.json()) as Mail[]) : [];
    if (mails.some(wanted)) return mails;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail for ${email}`);
}

/** An estate (signed up through the API, in Latin) with an open moba in Arilje. */
async function latinMobaInArilje(title: string) {
  const email = `imanje-${unique()}@example.com`;
  const password = 'sigurna-lozinka-7';
  await api('/signup-estate', {
    email,
    password,
    confirmPassword: password,
    termsAccepted: true,
    firstName: 'Dragan',
    lastName: 'Nikolić',
    phone: uniquePhone(),
    phoneCountry: 'RS',
    dateOfBirth: '1975-03-04',
    gender: 'male',
    region: 'RS',
    language: 'sr',
    estateName: 'Imanje Nikolić',
    municipality: 'Arilje',
    bpg: '123456789012',
    primaryIndustry: 'Voćarstvo',
    cultureTypes: ['malina'],
    size: 'From1To10ha',
  });
  const confirm = (await mailsTo(email)).flatMap((m) => m.links).find((l) => l.includes('/confirm-email'))!;
  await api('/verify-email', { token: new URL(confirm).searchParams.get('token') });
  const { token } = await api('/login', { email, password });
  await api(
    '/estates/vacancies/create',
    // kupina has no harvest months: the moba opens whatever the month
    mobaFields(isoDay(3), isoDay(10), {
      title,
      description: 'Berba malina u zasadu, smeštaj i hrana obezbeđeni.',
      groupLeadersAccepted: false,
    }),
    token,
  );
}

test('a Cyrillic worker at 360 px registers with "Ариље", gets a Cyrillic mail and browses by a Cyrillic town', async () => {
  const title = `Berba malina ${unique()}`;
  await latinMobaInArilje(title);

  const context = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
  await context.addInitScript(() => localStorage.setItem('language', 'sr-Cyrl'));
  const page = await context.newPage();
  const c = toCyrillic;
  const person = {
    email: `radnica-${unique()}@example.com`,
    phone: uniquePhone(),
    password: 'sigurna-lozinka-3',
  };

  await page.goto(`${run.product.url}/signup`);
  await page.getByTestId('choose-worker').click();
  await page.waitForURL('**/month-availability');
  await page.getByLabel(c('Mart')).check();
  await page.getByLabel(c('April')).check();
  const place = page.getByLabel(c('Opština u kojoj živite'));
  await place.fill('Ариље');
  // the suggestions are in the reader's script
  const suggestions = await page
    .locator(`datalist#${await place.getAttribute('list')} option`)
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(suggestions).toContain('Ариље');
  expect(suggestions).not.toContain('Arilje');
  await page
    .locator('fieldset', { hasText: c('vođa grupe') })
    .getByLabel(c('Ne'))
    .check();
  await page
    .locator('fieldset', { hasText: c('prevoz') })
    .getByLabel(c('Da'))
    .check();
  await page
    .locator('fieldset', { hasText: c('van svoje opštine') })
    .getByLabel(c('Da'))
    .check();
  await page.getByRole('button', { name: c('Dalje') }).click();
  await page.waitForURL('**/basic-info-registration');
  await page.getByLabel(c('Ime'), { exact: true }).fill('Милена');
  await page.getByLabel(c('Prezime')).fill('Петровић');
  await page.getByLabel(c('Broj telefona')).fill(person.phone);
  await page.getByLabel(c('Datum rođenja')).fill('1990-05-14');
  await page.getByLabel(c('Ženski')).check();
  await page.getByLabel(c('E-mail adresa')).fill(person.email);
  await page.getByLabel(c('Lozinka'), { exact: true }).fill(person.password);
  await page.getByLabel(c('Ponovite lozinku')).fill(person.password);
  await page.getByRole('checkbox', { name: new RegExp(c('Prihvatam uslove')) }).check();
  await screenshots(page, 'cyrillic-basic-info');
  await page.getByRole('button', { name: c('Završi registraciju') }).click();
  await page.waitForURL('**/confirmation-email-sent');

  const [mail] = await mailsTo(person.email);
  expect(mail!.subject).toBe('Потврдите вашу имејл адресу — Моба');
  await page.goto(
    mail!.links.find((l) => l.includes('/confirm-email'))!.replace(/^https?:\/\/[^/]+/, run.product.url),
  );
  await page.getByTestId('confirm-success').waitFor();

  await page.goto(`${run.product.url}/login`);
  await page.getByLabel(c('E-mail adresa')).fill(person.email);
  await page.getByLabel(c('Lozinka')).fill(person.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL('**/worker/**');
  await page.evaluate(() => sessionStorage.setItem('guidanceSeen', 'true'));
  await page.goto(`${run.product.url}/worker/mobas`);

  await page.getByTestId('more-filters').click();
  const filters = page.getByTestId('filters');
  await filters.getByLabel(c('Opština')).fill('Ариље');
  await filters.locator('button[type="submit"]').click();
  const card = page.getByTestId('vacancy-card').filter({ hasText: c(title) });
  await card.waitFor();
  expect(await card.locator('h2').textContent()).toBe(c(title));
  // hours are "ч" (час), never a Latin "h" in the Cyrillic interface
  await expect(card.locator('.fair-pay').textContent()).resolves.toMatch(/\(9 ч\)/);
  await screenshots(page, 'cyrillic-browse-by-town');
  await context.close();
});

test('a worker who switches to Cyrillic while signed in reads his name in Cyrillic and gets the next mail in Cyrillic', async () => {
  const email = `radnik-${unique()}@example.com`;
  const password = 'sigurna-lozinka-5';
  await api(
    '/signup-worker',
    workerSignUpBody(email, password, {
      firstName: 'Jovan',
      lastName: 'Ilić',
      availabilityMonths: [6],
      municipality: 'Чачак',
    }),
  );
  const confirm = (await mailsTo(email)).flatMap((m) => m.links).find((l) => l.includes('/confirm-email'))!;
  await api('/verify-email', { token: new URL(confirm).searchParams.get('token') });
  const { token } = await api('/login', { email, password });

  const { userId } = await api('/login', { email, password });
  const context = await signedInContext(run.browser, { token, userId }, { width: 360 });
  const page = await context.newPage();
  await page.goto(`${run.product.url}/worker/profile`);
  await page.locator('main h1').first().waitFor();
  await chooseLanguageInMenu(page, 'sr-Cyrl');
  await page.getByTestId('profile-summary').getByText('Јован Илић').waitFor();
  // the header's name and the month names follow the script too
  await expect(page.getByTestId('user-badge').textContent()).resolves.toContain('Јован Илић');
  await expect(page.getByLabel('јун', { exact: true }).isChecked()).resolves.toBe(true);
  await expect(page.getByLabel('jun', { exact: true }).count()).resolves.toBe(0);
  const me = async () =>
    (await (
      await fetch(`${run.product.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      language: string;
    };
  const deadline = Date.now() + WAIT_MS;
  while ((await me()).language !== 'sr-Cyrl' && Date.now() < deadline) await page.waitForTimeout(100);
  expect((await me()).language).toBe('sr-Cyrl');
  await api('/reset-password', { email });
  const mails = await mailsTo(email, (m) => m.subject === 'Промена лозинке — Моба');
  expect(mails.some((m) => m.subject === 'Промена лозинке — Моба')).toBe(true);
  await context.close();
});

test('a Cyrillic reader reads a Latin-typed moba title in her notifications in Cyrillic', async () => {
  const session = await createWorkerSession(run.product);
  const context = await signedInContext(run.browser, session, { language: 'sr-Cyrl', width: 360 });
  const page = await context.newPage();
  await page.route('**/api/notifications/all', (route) =>
    route.fulfill({
      json: [
        {
          id: '6b8f7f2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
          content: {
            key: 'notification.applicationAccepted',
            params: {
              vacancyTitle: 'Berba malina u Arilju',
              vacancyId: '6b8f7f2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
            },
          },
          dateSent: new Date().toISOString(),
          actionButtonType: null,
          actionButtonParamIds: [],
        },
      ],
    }),
  );
  await page.goto(`${run.product.url}/worker/update-password`);
  await page.locator('main h1').first().waitFor();
  const menu = page.locator('button.menu-toggle');
  if (await menu.isVisible()) await menu.click();
  await page.getByTestId('bell').click();
  await page
    .getByTestId('notification-panel')
    .getByText('Ваша кандидатура за мобу „Берба малина у Ариљу” је прихваћена.', { exact: false })
    .waitFor();
  await context.close();
});
