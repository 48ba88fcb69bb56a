/**
 * Issue #35 point 5: after a successful application the worker is offered "add Moba to the home
 * screen", once per phone. Chrome's beforeinstallprompt (dispatched here as a synthetic event, as
 * the browser would fire it) is caught at start and shown on "Dodaj"; "Ne sada" is remembered; an
 * iPhone's Safari gets the steps in words.
 */
import type { Browser, Page } from 'playwright-core';
import { testClient } from '@moba/platform/testing';
import { mobaBody, registeredUser } from '../../../test/support/product';
import { createWorkerSession, runProductAndBrowser, signedInContext, postedMoba } from './helpers';

jest.setTimeout(120_000);

const TITLES = ['Berba šljiva kod Valjeva', 'Berba krušaka kod Čačka'];

const run = runProductAndBrowser();
beforeAll(async () => {
  const client = testClient(run.product.url);
  const estate = await registeredUser(client, 'estate');
  for (const title of TITLES) {
    await postedMoba(client, estate, await mobaBody(client, { title }));
  }
});

/** The browser's install event as Chrome fires it; whether the page held it back and later showed it. */
async function fireInstallPrompt(page: Page) {
  return page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => {
        (window as { installPrompted?: boolean }).installPrompted = true;
        return Promise.resolve({ outcome: 'accepted' });
      },
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}
const prompted = (page: Page) =>
  page.evaluate(() => (window as { installPrompted?: boolean }).installPrompted === true);

async function applyTo(page: Page, title: string) {
  await page.getByRole('article', { name: title }).getByRole('button').click();
  await page.getByRole('button', { name: 'Konkuriši' }).click();
  await page.getByTestId('apply-success').waitFor();
}

/** Back on the browse, the next application on this phone is not followed by the offer. */
async function expectNoOfferOnNextApplication(page: Page) {
  await page.goto(`${run.product.url}/worker/mobas`); // the dialog's address is the moba's page
  await page.getByRole('article', { name: TITLES[1] }).waitFor();
  await fireInstallPrompt(page);
  await applyTo(page, TITLES[1]);
  expect(await page.getByTestId('install-offer').count()).toBe(0);
}

async function workerOnBrowse(options: Parameters<Browser['newContext']>[0] = {}) {
  const worker = await createWorkerSession(run.product);
  const context = await signedInContext(run.browser, worker, {
    viewport: { width: 360, height: 780 },
    ...options,
  });
  const page = await context.newPage();
  await page.goto(`${run.product.url}/worker/mobas`);
  await page.getByRole('article', { name: TITLES[0] }).waitFor();
  return { context, page };
}

test('the install event is held from the start and offered after an application; "Dodaj" shows it, once', async () => {
  const { context, page } = await workerOnBrowse();
  expect(await fireInstallPrompt(page)).toBe(true);
  expect(await page.getByTestId('install-offer').count()).toBe(0);
  await applyTo(page, TITLES[0]);
  const offer = page.getByTestId('install-offer');
  await expect(offer.textContent()).resolves.toContain('Dodajte Mobu na početni ekran');
  expect((await offer.getByRole('button', { name: 'Dodaj' }).boundingBox())!.height).toBeGreaterThanOrEqual(
    44,
  );
  await offer.getByRole('button', { name: 'Dodaj' }).click();
  expect(await prompted(page)).toBe(true);
  await offer.waitFor({ state: 'detached' });

  // Another application on the same phone: not offered again.
  await expectNoOfferOnNextApplication(page);
  await context.close();
});

test('"Ne sada" closes the offer and it is not made again after a reload', async () => {
  const { context, page } = await workerOnBrowse();
  await fireInstallPrompt(page);
  await applyTo(page, TITLES[0]);
  await page.getByTestId('install-offer').getByRole('button', { name: 'Ne sada' }).click();
  await page.getByTestId('install-offer').waitFor({ state: 'detached' });
  expect(await prompted(page)).toBe(false);
  await expectNoOfferOnNextApplication(page);
  await context.close();
});

test('on an iPhone in Safari the offer says how, in words; without an install event elsewhere none is made', async () => {
  const iphone = await workerOnBrowse({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  await applyTo(iphone.page, TITLES[0]);
  const offer = iphone.page.getByTestId('install-offer');
  await expect(offer.textContent()).resolves.toContain('„Podeli”');
  expect(await offer.getByRole('button', { name: 'Dodaj' }).count()).toBe(0);
  await offer.getByRole('button', { name: 'Razumem' }).click();
  await offer.waitFor({ state: 'detached' });
  await iphone.context.close();

  const other = await workerOnBrowse();
  await applyTo(other.page, TITLES[0]);
  expect(await other.page.getByTestId('install-offer').count()).toBe(0);
  await other.context.close();
});
