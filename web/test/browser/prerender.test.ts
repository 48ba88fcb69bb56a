import { toCyrillic } from '@moba/contracts';
import { runProductAndBrowser, screenshots } from './helpers';

jest.setTimeout(90_000);

const run = runProductAndBrowser();

test.each([
  ['/', 'Posao u polju, radnici za vaše gazdinstvo'],
  ['/privacy-policy', 'Koje podatke prikupljamo'],
  ['/media', 'Za novinare'],
  ['/crowdfunding', 'Podržite Mobu'],
])('the HTML of %s already carries its main text before any script runs', async (route, text) => {
  const html = await (await fetch(`${run.product.url}${route}`)).text();
  expect(html).toContain(text);
  expect(html).toContain('href="/contact"'); // the footer leads a visitor to the contact form
  expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/); // CSP script-src 'self' would block it

  const context = await run.browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 780 },
  });
  const page = await context.newPage();
  await page.goto(`${run.product.url}${route}`);
  await page.getByText(text).first().waitFor();
  if (route === '/') await screenshots(page, 'home-without-javascript');
  await context.close();
});

test('the pre-rendered home page hydrates without errors and becomes interactive', async () => {
  const context = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(run.product.url);
  await page.getByRole('button', { name: 'Zatvori obaveštenje' }).click();
  await page.getByRole('button', { name: 'Zatvori obaveštenje' }).waitFor({ state: 'detached' });
  await screenshots(page, 'home');
  expect(errors).toEqual([]);
  await context.close();
});

test('on the Cyrillic home page, choosing Latin moves to the Latin address, so a reload stays Latin', async () => {
  const context = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await page.goto(`${run.product.url}/sr-Cyrl`);
  await page.getByText(toCyrillic('Posao u polju')).first().waitFor();
  await page.locator('[data-lang="sr-Latn"]').first().click();
  await page.waitForURL(`${run.product.url}/`);
  await page.reload();
  await page.getByText('Posao u polju, radnici za vaše gazdinstvo').first().waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('sr-Latn');
  await page.locator('[data-lang="en"]').first().click();
  await page.waitForURL(`${run.product.url}/en`);
  await context.close();
});
