/**
 * Chromium with JavaScript turned off, at 360 px and 1280 px: the pre-rendered home page takes a
 * guest application as a real POST (no name or phone in the URL) and the service answers a page in
 * the reader's script; the pages that need scripts say so, and lead to the home page in each script.
 */
import { SMS_REPLY_NUMBER, toCyrillic } from '@moba/contracts';
import { iconsDrawn, runProductAndBrowser, uniquePhone } from './helpers';

jest.setTimeout(120_000);

const run = runProductAndBrowser();

const sizes = [
  [360, 780],
  [1280, 900],
] as const;

async function noScriptPage(width: number, height: number) {
  const context = await run.browser.newContext({ viewport: { width, height }, javaScriptEnabled: false });
  return context.newPage();
}

/** The home page without JavaScript, its guest form filled in for Jelena with this phone. */
async function filledGuestForm(width: number, height: number, phone: string) {
  const page = await noScriptPage(width, height);
  await page.goto(run.product.url);
  const form = page.locator('#guest form');
  await form.getByLabel('Ime', { exact: true }).fill('Jelena');
  await form.getByLabel('Prezime').fill('Stanković');
  await form.getByLabel('Broj telefona').fill(phone);
  await form.getByLabel('Opština').fill('Arilje');
  return { page, form };
}

test.each(sizes)(
  'at %i px the home page guest form posts without JavaScript and thanks the visitor',
  async (width, height) => {
    const phone = uniquePhone();
    const { page, form } = await filledGuestForm(width, height, phone);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/signup-guest'));
    await form.getByRole('button', { name: 'Pozovite me' }).click();
    const request = await sent;
    expect(request.method()).toBe('POST');
    expect(request.url()).not.toContain(phone);
    await expect(page.getByTestId('guest-sent').textContent()).resolves.toContain('Hvala');
    await expect(page.getByTestId('guest-sms-start').textContent()).resolves.toContain(
      `poruku START sa upisanog broja na ${SMS_REPLY_NUMBER}`,
    );
    expect(page.url()).not.toContain(phone);
    await page.context().close();
  },
);

test('the pre-rendered home page draws its icons from the sprite without JavaScript', async () => {
  const page = await noScriptPage(360, 780);
  await page.goto(run.product.url);
  await iconsDrawn(page);
  await page.context().close();
});

test.each(sizes)(
  'at %i px a wrong phone comes back with the form, the error named and the name kept',
  async (width, height) => {
    const { page, form } = await filledGuestForm(width, height, '12');
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
      await page.goto(`${run.product.url}${path}`);
      await expect(page.getByTestId('noscript').isVisible()).resolves.toBe(true);
      await expect(page.getByTestId('noscript').textContent()).resolves.toContain('JavaScript');
      // The shell's grey page would wait for scripts for ever: it is not shown.
      await expect(page.locator('.page-skeleton').count()).resolves.toBe(1);
      await expect(page.locator('.page-skeleton').isVisible()).resolves.toBe(false);
    }
    await page.context().close();
  },
);

test.each([
  ['sr-Cyrl', 360, 780, toCyrillic],
  ['en', 1280, 900, null],
] as const)(
  'a reader of %s at %i px without JavaScript finds the home page in that script, applies and is answered in it',
  async (lng, width, height, inScript) => {
    const words = {
      'sr-Cyrl': { link: 'Моба ћирилицом', submit: 'Pozovite me', sent: 'Hvala', home: 'Nazad na početnu' },
      en: {
        link: 'Moba in English',
        submit: 'Send application',
        sent: 'Thank you',
        home: 'Back to the home page',
      },
    }[lng];
    const say = (text: string) => (inScript ? inScript(text) : text);
    const labels =
      lng === 'en'
        ? { first: 'First name', last: 'Last name', phone: 'Phone number', place: 'Municipality' }
        : { first: say('Ime'), last: say('Prezime'), phone: say('Broj telefona'), place: say('Opština') };
    const page = await noScriptPage(width, height);
    await page.goto(run.product.url);
    await page.getByTestId('noscript').waitFor();
    await page.getByRole('link', { name: words.link, exact: true }).click();
    await page.waitForURL(`**/${lng}`);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lng);
    const form = page.locator('#guest form');
    await form.getByLabel(labels.first, { exact: true }).fill(lng === 'en' ? 'Jelena' : 'Јелена');
    await form.getByLabel(labels.last).fill(lng === 'en' ? 'Stanković' : 'Станковић');
    await form.getByLabel(labels.phone).fill(uniquePhone());
    await form.getByLabel(labels.place).fill(lng === 'en' ? 'Arilje' : 'Ариље');
    await form.getByRole('button', { name: say(words.submit) }).click();
    await expect(page.getByTestId('guest-sent').textContent()).resolves.toContain(say(words.sent));
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lng);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: say(words.home) }).click();
    await page.waitForURL(`**/${lng}`);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lng);
    await page.context().close();
  },
);

test('with JavaScript the Cyrillic home page hydrates in Cyrillic without errors', async () => {
  const context = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${run.product.url}/sr-Cyrl`);
  await page.getByRole('heading', { level: 1, name: toCyrillic('Posao u polju'), exact: false }).waitFor();
  await page.getByRole('button', { name: /Ћир/ }).and(page.locator('[aria-pressed="true"]')).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
