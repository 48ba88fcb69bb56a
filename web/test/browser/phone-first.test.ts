/**
 * Issue 21 items 1 and 4 at 360 px (and the card at 1280 px): every multi-choice field is a set of
 * 44 px chips (no native multi-select needing Ctrl or a long press), a browse card leaves room for two
 * on a 780 px phone screen with every deciding fact, and a worker switches SMS on in the profile,
 * told what Cyrillic costs.
 */
import type { Page } from 'playwright-core';
import { SMS_REPLY_NUMBER } from '@moba/contracts';
import { mobaFields, productDay, registeredUser } from '../../../test/support/product';
import { chooseChips, runProductAndBrowser, useSessionIn, postedMoba } from './helpers';

jest.setTimeout(120_000);

let worker: Awaited<ReturnType<typeof registeredUser>>;
let estate: Awaited<ReturnType<typeof registeredUser>>;

const run = runProductAndBrowser();
beforeAll(async () => {
  [worker, estate] = await Promise.all([
    registeredUser(run.client, 'worker'),
    registeredUser(run.client, 'estate'),
  ]);
  const [start, end] = [await productDay(run.client, 5), await productDay(run.client, 12)];
  const titles = [
    'Berba malina i kupina u brdskom zasadu kod Arilja, smeštaj u kući domaćina',
    'Rezidba jabuka',
    'Berba višanja',
  ];
  for (const title of titles) {
    await postedMoba(
      run.client,
      estate,
      mobaFields(start, end, {
        title: title.slice(0, 70),
        foodProvided: true,
        transportProvided: false,
        accommodationProvided: true,
        crops: ['kupina', 'kruska', 'aronija'],
        jobActivities: ['berba-branje', 'rezidba-orezivanje'],
      }),
    );
  }
}, 120_000);

async function signedIn(width: number, height: number, session: typeof worker, role: 'Worker' | 'Estate') {
  const page = await (await run.browser.newContext({ viewport: { width, height } })).newPage();
  await useSessionIn(page, run.product.url, session, { role });
  return page;
}

/** Controls of the main area that are multi-selects, or chips smaller than a thumb. */
const multiChoiceProblems = (page: Page) =>
  page.evaluate(() => [
    ...[...document.querySelectorAll('main select[multiple]')].map((s) => `multi-select ${s.id}`),
    ...[...document.querySelectorAll<HTMLElement>('main .chip')]
      .filter((c) => c.offsetParent !== null)
      .map((c) => ({ c, box: c.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 44 || box.right > window.innerWidth)
      .map(({ c, box }) => `chip "${c.textContent}" ${Math.round(box.width)}×${Math.round(box.height)}`),
  ]);

test.each([
  [360, 780],
  [1280, 900],
] as const)(
  'at %i px browse cards keep wage, dates, place, amenities and free places, two to a 780 px phone screen',
  async (width, height) => {
    const page = await signedIn(width, height, worker, 'Worker');
    await page.goto(`${run.product.url}/worker/mobas`);
    const cards = page.getByTestId('vacancy-card');
    await cards.nth(2).waitFor();
    const boxes = await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    const gap = await page.evaluate(() =>
      parseFloat(getComputedStyle(document.querySelector('.cards')!).rowGap),
    );
    const tallest = Math.max(...boxes);
    // On a phone (the desktop lays cards out in columns; its facts are checked below).
    if (width === 360) expect(2 * tallest + gap).toBeLessThanOrEqual(780);
    const card = cards.filter({ hasText: 'Berba malina i kupina' });
    await expect(card.getByTestId('fact-wage').textContent()).resolves.toMatch(/dnevno|po normi|dogovoru/);
    const text = (await card.textContent()) ?? '';
    for (const word of ['Hrana: da', 'Prevoz: ne', 'Smeštaj: da', 'Arilje', 'Slobodna mesta'])
      expect(text).toContain(word);
    expect(await card.getByTestId('fact-free').textContent()).toMatch(/\d+ od \d+/);
    await page.context().close();
  },
);

test('at 360 px the create-moba form chooses jobs and crops with chips, a long list searched', async () => {
  const page = await signedIn(360, 780, estate, 'Estate');
  await page.goto(`${run.product.url}/estate/create-new-moba`);
  await page.getByRole('group', { name: 'Poslovi' }).waitFor();
  expect(await multiChoiceProblems(page)).toEqual([]);
  await chooseChips(page, 'Poslovi', ['Berba / branje']);
  const crops = page.getByRole('group', { name: 'Kulture' });
  await crops.getByRole('searchbox').fill('kup');
  await crops.getByRole('checkbox', { name: 'Kupina', exact: true }).check();
  await crops.getByRole('searchbox').fill('');
  // The chosen crop stays in view with the first choices; the full list opens with one tap.
  await expect(crops.getByRole('checkbox', { name: 'Kupina', exact: true }).isChecked()).resolves.toBe(true);
  await crops.getByRole('button', { name: /Prikaži sve/ }).click();
  expect(await crops.getByRole('checkbox').count()).toBeGreaterThan(40);
  expect(await multiChoiceProblems(page)).toEqual([]);
  await page.context().close();
});

test('at 360 px a worker picks crops with chips and switches SMS on, told that Cyrillic costs 70 characters a part', async () => {
  const page = await signedIn(360, 780, worker, 'Worker');
  await page.goto(`${run.product.url}/worker/profile`);
  await page.getByTestId('profile-summary').waitFor();
  expect(await multiChoiceProblems(page)).toEqual([]);
  await chooseChips(page, 'Kulture na kojima ste radili', ['Malina', 'Višnja']);
  await page.getByRole('button', { name: 'Sačuvaj izmene' }).click();
  await page.getByTestId('profile-saved').waitFor();
  expect((await run.client.get('/api/workers/me', worker.auth)).body.cultures).toEqual(['malina', 'visnja']);

  const sms = page.getByTestId('sms-settings');
  await sms.getByRole('checkbox', { name: /Šalji mi SMS/ }).check();
  await sms.getByText(/Ćirilica \(70 znakova po poruci/).click();
  await sms.getByRole('radio', { name: /Ćirilica/ }).isChecked();
  let settings: Record<string, unknown> = {};
  for (let i = 0; i < 50 && settings.language !== 'sr-Cyrl'; i++) {
    settings = (await run.client.get('/api/sms/settings', worker.auth)).body;
    if (settings.language !== 'sr-Cyrl') await new Promise((r) => setTimeout(r, 100));
  }
  expect(settings).toMatchObject({ enabled: true, language: 'sr-Cyrl', phoneProven: false });
  // SMS go only to a phone that texted START: the profile says so, naming both numbers.
  await expect(sms.getByTestId('sms-not-proven').textContent()).resolves.toBe(
    `Da bismo vam slali SMS, pošaljite poruku START sa broja ${String(settings.phone)} na ${SMS_REPLY_NUMBER}. Tako znamo da je broj vaš.`,
  );
  const box = await sms.getByRole('checkbox').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  await page.context().close();
});
