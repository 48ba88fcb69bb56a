import type { Page } from 'playwright-core';
import { createWorkerSession, runProductAndBrowser, useSessionIn, visitorPages } from './helpers';
import { testClient } from '@moba/platform/testing';
import { mobaBody, registeredUser } from '../../../test/support/product';

jest.setTimeout(120_000);

const run = runProductAndBrowser();

/** Horizontal overflow of the page at the current width: a 360 px phone must never scroll sideways. */
const overflow = (page: Page) =>
  page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
    heading: document.querySelector('h1')?.textContent ?? '',
  }));

test('every visitor screen fits a 360 px phone, each with its heading and a page title', async () => {
  const context = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  for (const path of visitorPages) {
    await page.goto(`${run.product.url}${path}`);
    await page.locator('main h1').first().waitFor();
    const o = await overflow(page);
    expect({ path, scrollWidth: o.scrollWidth }).toEqual({ path, scrollWidth: o.width });
    expect(o.heading.length).toBeGreaterThan(0);
    await page.waitForFunction(() => document.title.endsWith(' · Moba'));
  }
  // the registration steps need a draft
  for (const [choice, step] of [
    ['choose-worker', '/month-availability'],
    ['choose-estate', '/estate-registration'],
  ] as const) {
    await page.goto(`${run.product.url}/signup`);
    await page.getByTestId(choice).click();
    await page.waitForURL(`**${step}`);
    await page.locator('main h1').first().waitFor();
    expect((await overflow(page)).scrollWidth).toBe(360);
    await page.getByRole('button', { name: 'Dalje' }).click(); // errors shown inline must fit too
    expect((await overflow(page)).scrollWidth).toBe(360);
  }
  await context.close();
});

test('the signed-in layout, menu and notification panel fit a 360 px phone', async () => {
  const context = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await useSessionIn(page, run.product.url, await createWorkerSession(run.product));
  for (const path of ['/worker/update-password', '/worker/home']) {
    await page.goto(`${run.product.url}${path}`);
    await page.locator('main h1').first().waitFor();
    expect({ path, scrollWidth: (await overflow(page)).scrollWidth }).toEqual({ path, scrollWidth: 360 });
  }
  await page.goto(`${run.product.url}/worker/update-password`);
  await page.getByRole('button', { name: 'Meni', exact: true }).click();
  await page.getByTestId('bell').click();
  await page.getByTestId('notification-panel').waitFor();
  expect((await overflow(page)).scrollWidth).toBe(360);
  await context.close();
});

test("a worker's browse with a moba card (wage, distance, fair pay) and its details never scrolls sideways", async () => {
  const client = testClient(run.product.url);
  const estate = await registeredUser(client, 'estate');
  const created = await client.post(
    '/api/estates/vacancies/create',
    await mobaBody(client, { municipality: 'Smederevo' }), // longer than the place's column used to be
    estate.auth,
  );
  expect(created.status).toBe(201);
  const session = await createWorkerSession(run.product);
  for (const [width, height] of [
    [360, 780],
    [1280, 800],
  ] as const) {
    const context = await run.browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await useSessionIn(page, run.product.url, session);
    await page.goto(`${run.product.url}/worker/mobas`);
    await page.getByTestId('vacancy-card').first().waitFor();
    expect({ width, scrollWidth: (await overflow(page)).scrollWidth }).toEqual({ width, scrollWidth: width });
    // no fact spills over its neighbour on the card
    const spilling = await page
      .getByTestId('vacancy-card')
      .first()
      .locator('.fact')
      .evaluateAll((facts) =>
        facts.filter((f) => f.scrollWidth > f.clientWidth + 1).map((f) => (f as HTMLElement).innerText),
      );
    expect({ width, spilling }).toEqual({ width, spilling: [] });
    await page
      .getByRole('button', { name: /Detalji/ })
      .first()
      .click();
    await page.getByTestId('vacancy-details').first().waitFor();
    expect({ width, scrollWidth: (await overflow(page)).scrollWidth }).toEqual({ width, scrollWidth: width });
    await context.close();
  }
});
