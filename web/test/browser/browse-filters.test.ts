/**
 * Browsing (issue 26 item 4, issue 35 point 11): the first mobas are on the first screen at 1280 px,
 * under the chips; "Više filtera" says which filters are on and opens the rest; an empty result offers
 * to clear the filters.
 */
import type { Page } from 'playwright-core';
import { mobaBody, registeredUser } from '../../../test/support/product';
import { runProductAndBrowser, screenshots, useSessionIn } from './helpers';

jest.setTimeout(120_000);

let worker: Awaited<ReturnType<typeof registeredUser>>;

const run = runProductAndBrowser({ pagePerTest: true });
beforeAll(async () => {
  const estate = await registeredUser(run.client, 'estate');
  for (const title of ['Berba malina', 'Berba jabuka', 'Rezidba višanja'])
    await run.client.post(
      '/api/estates/vacancies/create',
      await mobaBody(run.client, { title }),
      estate.auth,
    );
  worker = await registeredUser(run.client, 'worker');
}, 120_000);

beforeEach(async () => {
  await useSessionIn(run.page, run.product.url, worker);
});

test('at 1280 px the chips stand above the cards and the first mobas are on the first screen', async () => {
  await run.page.setViewportSize({ width: 1280, height: 800 });
  await run.page.goto(`${run.product.url}/worker/mobas`);
  const first = run.page.getByTestId('vacancy-card').first();
  await first.waitFor();
  const card = (await first.boundingBox())!;
  expect(card.y + 120).toBeLessThan(800);
  const chips = (await run.page.getByTestId('browse-chips').boundingBox())!;
  expect(chips.y + chips.height).toBeLessThanOrEqual(card.y);
  expect(await run.page.getByTestId('filters').count()).toBe(0);
  // The wage, the fact a worker decides on first, reads on one line.
  const wage = first.getByTestId('fact-wage');
  const lines = await wage.evaluate((el) => {
    const text = el.querySelector('strong')!;
    return Math.round(text.getBoundingClientRect().height / parseFloat(getComputedStyle(text).lineHeight));
  });
  expect(lines).toBe(1);
  await screenshots(run.page, 'browse-first-screen');
});

test('on a phone "Više filtera" says which filters are on; an empty result clears them', async () => {
  await run.page.goto(`${run.product.url}/worker/mobas`);
  await run.page.getByTestId('vacancy-card').first().waitFor();
  const more = run.page.getByTestId('more-filters');
  expect(await more.getAttribute('aria-haspopup')).toBe('dialog');
  expect(await run.page.getByTestId('filters').count()).toBe(0);
  expect((await more.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  await more.click();
  const form = run.page.getByTestId('filters');
  await form.getByLabel('Opština').fill('Bor');
  await form.getByLabel('Obezbeđena hrana').check();
  await form.getByRole('button', { name: 'Prikaži mobe' }).click();

  await form.waitFor({ state: 'detached' });
  await expect(more.textContent()).resolves.toContain('uključena 2 filtera');
  const chips = run.page.getByTestId('active-filters');
  await chips.getByRole('button', { name: 'Ukloni filter: Bor' }).waitFor();
  await chips.getByRole('button', { name: 'Ukloni filter: Obezbeđena hrana' }).waitFor();
  await run.page.getByTestId('empty').waitFor();
  await screenshots(run.page, 'browse-empty-with-filters');

  await run.page.getByTestId('clear-filters').click();
  await run.page.getByTestId('vacancy-card').first().waitFor();
  expect(await run.page.getByTestId('active-filters').count()).toBe(0);
});

/** Whether the element's box is wholly inside the window (not hidden above or below the fold). */
const inView = (page: Page, testId: string) =>
  run.page.getByTestId(testId).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight;
  });

test('on a phone the details dialog opens at its top: the title and the wage are the first thing seen', async () => {
  await run.page.goto(`${run.product.url}/worker/mobas`);
  await run.page.getByTestId('vacancy-card').first().getByRole('button').click();
  const dialog = run.page.getByRole('dialog');
  await dialog.getByTestId('vacancy-details').waitFor();
  expect(await dialog.evaluate((el) => el.scrollTop)).toBe(0);
  const title = (await dialog.getByRole('heading').first().boundingBox())!;
  expect(title.y).toBeGreaterThanOrEqual(0);
  const wage = (await dialog.getByTestId('fact-wage').boundingBox())!;
  expect(wage.y + wage.height).toBeLessThanOrEqual(780);
});

test('after "Prikaži mobe" the result count is on screen and has the focus', async () => {
  await run.page.goto(`${run.product.url}/worker/mobas`);
  await run.page.getByTestId('vacancy-card').first().waitFor();
  await run.page.getByTestId('more-filters').click();
  const form = run.page.getByTestId('filters');
  await form.getByLabel('Obezbeđena hrana').check();
  await form.getByRole('button', { name: 'Prikaži mobe' }).click();
  await run.page.waitForFunction(
    () => document.activeElement?.getAttribute('data-testid') === 'result-count',
  );
  expect(await inView(run.page, 'result-count')).toBe(true);
});

test('the filter is kept in the address: a reload keeps it, Back returns to the list before it', async () => {
  await run.page.goto(`${run.product.url}/worker/mobas`);
  await run.page.getByTestId('vacancy-card').first().waitFor();
  await run.page.getByTestId('more-filters').click();
  const form = run.page.getByTestId('filters');
  await form.getByLabel('Opština').fill('Bor');
  await form.getByRole('button', { name: 'Prikaži mobe' }).click();
  await run.page.waitForURL(/\/worker\/mobas\?.*municipality=Bor/);
  await run.page.getByTestId('empty').waitFor();

  await run.page.reload();
  await run.page.getByTestId('active-filters').getByRole('button', { name: 'Ukloni filter: Bor' }).waitFor();
  await run.page.getByTestId('empty').waitFor();
  await run.page.getByTestId('more-filters').click();
  expect(await run.page.getByTestId('filters').getByLabel('Opština').inputValue()).toBe('Bor');
  await run.page.keyboard.press('Escape');

  await run.page.goBack();
  await run.page.waitForURL(/\/worker\/mobas$/);
  await run.page.getByTestId('vacancy-card').first().waitFor();
  expect(await run.page.getByTestId('active-filters').count()).toBe(0);
  await run.page.getByTestId('more-filters').click();
  expect(await run.page.getByTestId('filters').getByLabel('Opština').inputValue()).toBe('');
});
