/**
 * Design to 8/10 (issue 35 point 11): browse is a row of chips, not a 17-field form — radius and sort
 * at the top, the rest behind "Više filtera", each filter in effect a chip that removes it; the wage
 * line on a card is whole in every script; an estate's card has one primary action and the rest in a
 * menu, "Obriši" among them and never beside another action on the card.
 */
import type { Locator } from 'playwright-core';
import { toCyrillic } from '@moba/contracts/script';
import { mobaBody, registeredUser } from '../../../test/support/product';
import { eventually, runProductAndBrowser, signInContext, type Script, type Session } from './helpers';

jest.setTimeout(120_000);

let estate: Awaited<ReturnType<typeof registeredUser>>;
let worker: Awaited<ReturnType<typeof registeredUser>>;

const widths = [360, 1280] as const;

const run = runProductAndBrowser({ pagePerTest: true });
beforeAll(async () => {
  estate = await registeredUser(run.client, 'estate');
  const mobas = [
    { title: 'Berba malina', dailyWage: 12500, transportProvided: true },
    { title: 'Berba jabuka', paymentType: 'Norm', norm: 'gajba jabuka od 10 kg', normPrice: 300 },
    { title: 'Rezidba višanja', municipality: 'Užice', dailyWage: 3800 },
  ];
  for (const moba of mobas) {
    const res = await run.client.post(
      '/api/estates/vacancies/create',
      await mobaBody(run.client, moba),
      estate.auth,
    );
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  }
  worker = await registeredUser(run.client, 'worker');
}, 120_000);

const signIn = (session: Session, role: 'Worker' | 'Estate', language: Script = 'sr-Latn') =>
  signInContext(run.page.context(), session, { role, language });

const atWidth = (width: number) => run.page.setViewportSize({ width, height: width === 360 ? 780 : 900 });

/** Heights of the visible buttons and links inside a part of the page. */
const tapHeights = (part: Locator) =>
  part.evaluate((el) =>
    [...el.querySelectorAll<HTMLElement>('button, a')]
      .filter((b) => b.getClientRects().length > 0)
      .map((b) => Math.round(b.getBoundingClientRect().height)),
  );

describe("a worker's browse", () => {
  beforeEach(() => signIn(worker, 'Worker'));

  test.each(widths)(
    'at %i px radius and sort are chips above the first card, the other filters are not on the screen',
    async (width) => {
      await atWidth(width);
      await run.page.goto(`${run.product.url}/worker/mobas`);
      const first = run.page.getByTestId('vacancy-card').first();
      await first.waitFor();
      const radius = run.page.getByRole('group', { name: 'Najdalje' });
      const sort = run.page.getByRole('group', { name: 'Redosled' });
      const more = run.page.getByRole('button', { name: /Više filtera/ });
      for (const control of [radius, sort, more]) {
        const box = (await control.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual((await first.boundingBox())!.y);
      }
      expect(await radius.getByRole('button', { name: '30 km' }).getAttribute('aria-pressed')).toBe('false');
      expect(await sort.getByRole('button', { name: 'Najbliže' }).getAttribute('aria-pressed')).toBe('true');
      for (const height of await tapHeights(run.page.getByTestId('browse-chips')))
        expect(height).toBeGreaterThanOrEqual(44);
      // the rest of the form (and its distance explanation) waits behind "Više filtera"
      expect(await run.page.getByLabel('Okrug').count()).toBe(0);
      expect(await run.page.locator('main').innerText()).not.toContain('vazdušna linija');
    },
  );

  test('a radius chip applies at once: it is pressed, in the address, and the count of what was found shows', async () => {
    await run.page.goto(`${run.product.url}/worker/mobas`);
    await run.page.getByTestId('vacancy-card').first().waitFor();
    await run.page.getByRole('group', { name: 'Najdalje' }).getByRole('button', { name: '10 km' }).click();
    await run.page.waitForURL(/withinKm=10/);
    await run.page
      .getByTestId('vacancy-card')
      .filter({ hasText: 'Rezidba višanja' })
      .waitFor({ state: 'detached' });
    expect(
      await run.page
        .getByRole('group', { name: 'Najdalje' })
        .getByRole('button', { name: '10 km' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await run.page.getByTestId('result-count').getByText('Pronađene su 2 mobe.').waitFor();
  });

  test.each(widths)(
    'at %i px "Više filtera" opens the rest; a filter applied there is a chip and in the address; the chip removes it',
    async (width) => {
      await atWidth(width);
      await run.page.goto(`${run.product.url}/worker/mobas`);
      await run.page.getByTestId('vacancy-card').first().waitFor();
      const more = run.page.getByRole('button', { name: /Više filtera/ });
      expect(await more.getAttribute('aria-haspopup')).toBe('dialog');
      await more.click();
      const sheet = run.page.getByRole('dialog', { name: 'Filteri' });
      await sheet.getByLabel('Okrug').waitFor();
      await sheet.getByLabel('Obezbeđen prevoz').check();
      await sheet.getByRole('button', { name: 'Prikaži mobe' }).click();
      await sheet.waitFor({ state: 'detached' });
      await run.page.waitForURL(/transportProvided=1/);

      const chip = run.page
        .getByTestId('active-filters')
        .getByRole('button', { name: 'Ukloni filter: Obezbeđen prevoz' });
      await chip.waitFor();
      expect((await chip.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await expect(more.textContent()).resolves.toContain('1');
      const count = run.page.getByTestId('result-count');
      await count.getByText('Pronađena je 1 moba.').waitFor();
      await eventually(
        () =>
          count.evaluate(
            (el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= innerHeight,
          ),
        'the result count on screen',
      );

      await chip.click();
      await run.page.waitForURL((url) => !url.search.includes('transportProvided'));
      await run.page.getByTestId('result-count').getByText('Pronađene su 3 mobe.').waitFor();
      expect(await run.page.getByTestId('active-filters').count()).toBe(0);
    },
  );

  test.each([
    ['sr-Latn', 'Berba jabuka'],
    ['sr-Cyrl', toCyrillic('Berba jabuka')],
    ['en', 'Berba jabuka'],
  ])(
    'at 360 px in %s the wage line and its legal-minimum line are whole on every card',
    async (language, title) => {
      await signIn(worker, 'Worker', language as Script);
      await run.page.goto(`${run.product.url}/worker/mobas`);
      await run.page.getByTestId('vacancy-card').filter({ hasText: title }).waitFor();
      const cut = await run.page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLElement>(
            '[data-testid="fact-wage"], [data-testid="fact-wage"] strong, [data-testid="legal-minimum"]',
          ),
        ]
          .filter((el) => el.scrollWidth > el.clientWidth || el.getBoundingClientRect().right > innerWidth)
          .map((el) => el.textContent),
      );
      expect(cut).toEqual([]);
      // and the chips above the cards do not push the page sideways in this script's words
      expect(await run.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const wages = await run.page.getByTestId('fact-wage').allInnerTexts();
      expect(wages.join(' ')).toMatch(/12[.,]500/);
    },
  );
});

describe("an estate's mobas", () => {
  beforeEach(() => signIn(estate, 'Estate'));

  test.each(widths)(
    'at %i px each card has one primary action and a "⋯" menu holding the rest; delete is in it, with its confirmation',
    async (width) => {
      await atWidth(width);
      await run.page.goto(`${run.product.url}/estate/my-mobas`);
      const cards = run.page.getByTestId('estate-moba');
      await cards.first().waitFor();
      for (const card of await cards.all()) {
        const primaries = card.locator('button.primary:visible, a.button.primary:visible');
        expect(await primaries.count()).toBe(1);
        expect(await card.getByRole('button', { name: 'Obriši' }).count()).toBe(0);
        for (const height of await tapHeights(card.locator('.card-actions')))
          expect(height).toBeGreaterThanOrEqual(44);
      }

      const card = cards.filter({ hasText: 'Rezidba višanja' });
      const menuButton = card.getByRole('button', { name: 'Još radnji' });
      expect(await menuButton.getAttribute('aria-haspopup')).toBe('menu');
      expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

      // Escape closes it and gives the focus back to its button
      await menuButton.click();
      const menu = card.getByRole('menu');
      await menu.waitFor();
      expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
      await run.page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
      await run.page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      await run.page.waitForFunction(() => document.activeElement?.getAttribute('aria-haspopup') === 'menu');

      // a tap outside closes it
      await menuButton.click();
      await menu.waitFor();
      await run.page.getByRole('heading', { level: 1 }).click();
      await menu.waitFor({ state: 'detached' });

      // the keyboard walks the menu; delete is its last item, apart from the others
      await menuButton.focus();
      await run.page.keyboard.press('Enter');
      await menu.waitFor();
      const items = menu.getByRole('menuitem');
      expect(await items.count()).toBeGreaterThan(2);
      await expect(items.last().textContent()).resolves.toBe('Obriši');
      await run.page.keyboard.press('End');
      await run.page.waitForFunction(() => document.activeElement?.textContent === 'Obriši');
      await run.page.keyboard.press('Home');
      await run.page.waitForFunction(
        () => document.activeElement === document.querySelector('[role="menuitem"]'),
      );
      await run.page.keyboard.press('Escape');

      if (width === 1280) {
        await menuButton.click();
        await menu.getByRole('menuitem', { name: 'Obriši' }).click();
        await run.page.getByRole('dialog', { name: 'Obrisati mobu?' }).waitFor();
        await run.page.getByTestId('confirm-delete').click();
        await card.waitFor({ state: 'detached' });
      }
    },
  );
});
