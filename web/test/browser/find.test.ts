/**
 * Find (issue 22) at 360 and 1280 px: the public harvest calendar, pre-rendered in three scripts and
 * readable without JavaScript with today's open mobas per crop; a worker's browse measured from
 * their municipality (≈ km on every card, nearest first, within 10/30/50/100 km, another place
 * picked); the fair-pay lines beside a daily wage.
 */
import { mobaBody, registeredUser } from '../../../test/support/product';
import { runProductAndBrowser, screenshots, signedInContext } from './helpers';

jest.setTimeout(120_000);

let worker: Awaited<ReturnType<typeof registeredUser>>;

const run = runProductAndBrowser();
beforeAll(async () => {
  const estate = await registeredUser(run.client, 'estate');
  const create = async (overrides: Record<string, unknown>) => {
    const res = await run.client.post(
      '/api/estates/vacancies/create',
      await mobaBody(run.client, overrides),
      estate.auth,
    );
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  };
  // Five raspberry mobas in Arilje (a median from five), one in Požega (≈ 12 km), one far in Subotica:
  // pruning, so they open in any month, at wages above the legal minimum (others are held for review).
  const pruning = { jobActivities: ['rezidba-orezivanje'] };
  for (const wage of [3400, 3500, 3600, 3700, 3800])
    await create({
      ...pruning,
      title: `Malina Arilje ${wage}`,
      municipality: 'Arilje',
      crops: ['malina'],
      dailyWage: wage,
    });
  await create({
    ...pruning,
    title: 'Malina Požega',
    municipality: 'Požega',
    crops: ['malina'],
    dailyWage: 3900,
  });
  await create({
    ...pruning,
    title: 'Jabuke Subotica',
    municipality: 'Subotica',
    crops: ['jabuka'],
    dailyWage: 4000,
  });
  worker = await registeredUser(run.client, 'worker'); // lives in Arilje
}, 120_000);

const sizes = [
  [360, 780],
  [1280, 900],
] as const;

describe('the harvest calendar (public, pre-rendered)', () => {
  test.each([
    ['/harvest-calendar', 'Kalendar berbe', 'Otvorene mobe:', 'Malina'],
    ['/harvest-calendar/sr-Cyrl', 'Календар бербе', 'Отворене мобе:', 'Малина'],
    ['/harvest-calendar/en', 'Harvest calendar', 'Open mobas:', 'Raspberry'],
  ])('%s carries its text and today’s counts in the HTML', async (route, heading, open, crop) => {
    const html = await (await fetch(`${run.product.url}${route}`)).text();
    expect(html).toContain(heading);
    expect(html).toContain(crop);
    expect(html).toContain(open);
    expect(html).toContain('<span data-open-count="malina">6</span>');
    expect(html).toContain('<span data-open-count="jabuka">1</span>');
    expect(html).toContain('<span data-open-count="psenica">0</span>');
    expect(html).toContain('href="/worker/mobas?crop=malina"');
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  });

  test.each(sizes)(
    'at %i px it reads without JavaScript, with links between the scripts',
    async (width, height) => {
      const context = await run.browser.newContext({ viewport: { width, height }, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${run.product.url}/harvest-calendar`);
      await page.getByRole('heading', { name: 'Kalendar berbe' }).waitFor();
      const row = page.getByTestId('harvest-row').filter({ hasText: 'Malina' });
      await expect(row.getByTestId('open-malina').textContent()).resolves.toContain('6');
      expect(await row.locator('td.on').count()).toBe(3); // June, July, August
      // the table fits the screen or scrolls inside its own box, never the page
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.getByRole('link', { name: 'Ћирилица', exact: true }).click();
      await page.getByRole('heading', { name: 'Календар бербе' }).waitFor();
      await page.getByRole('link', { name: 'English', exact: true }).click();
      await page.getByRole('heading', { name: 'Harvest calendar' }).waitFor();
      await screenshots(page, 'harvest-calendar-without-javascript');
      await context.close();
    },
  );

  test.each(sizes)(
    'at %i px it hydrates without errors and a crop leads a worker to its mobas',
    async (width, height) => {
      const context = await run.browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await page.goto(`${run.product.url}/harvest-calendar/en`);
      await page.getByRole('heading', { name: 'Harvest calendar' }).waitFor();
      await page.waitForLoadState('networkidle');
      await expect(page.getByTestId('open-malina').textContent()).resolves.toContain('6');
      expect(errors).toEqual([]);
      await screenshots(page, 'harvest-calendar');

      await page.evaluate(
        ([token, userId]) => {
          localStorage.setItem('token', token!);
          localStorage.setItem('userId', userId!);
          localStorage.setItem('role', 'Worker');
          localStorage.setItem('language', 'sr-Latn');
          sessionStorage.setItem('guidanceSeen', 'true');
        },
        [worker.token, worker.userId],
      );
      await page.goto(`${run.product.url}/harvest-calendar`);
      await page.getByTestId('open-jabuka').click();
      await page.waitForURL(/\/worker\/mobas\?crop=jabuka/);
      await page.getByTestId('vacancy-card').first().waitFor();
      await expect(page.getByTestId('vacancy-card').allTextContents()).resolves.toEqual([
        expect.stringContaining('Jabuke Subotica'),
      ]);
      await context.close();
    },
  );
});

describe("a worker's browse, measured from their municipality", () => {
  async function workerPage(width: number, height: number) {
    const context = await signedInContext(run.browser, worker, { viewport: { width, height } });
    return context.newPage();
  }

  test.each(sizes)(
    'at %i px every card shows ≈ km, the nearest first, with the fair-pay lines',
    async (width, height) => {
      const page = await workerPage(width, height);
      await page.goto(`${run.product.url}/worker/mobas`);
      const cards = page.getByTestId('vacancy-card');
      await cards.first().waitFor();
      const distances = (await cards.getByTestId('distance').allTextContents()).map((t) =>
        Number(/(\d+)/.exec(t)![1]),
      );
      expect(distances).toHaveLength(await cards.count());
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(distances[0]).toBe(0);
      await expect(cards.last().textContent()).resolves.toContain('Jabuke Subotica');

      const arilje = cards.filter({ hasText: 'Malina Arilje 3400' });
      await expect(arilje.getByTestId('legal-minimum').textContent()).resolves.toContain(
        'Zakonski minimum ispunjen',
      );
      // six raspberry mobas in Zlatiborski: the district's median
      await expect(arilje.getByTestId('median-wage').textContent()).resolves.toMatch(
        /Malina, okrug Zlatiborski: 3\.650/,
      );
      await expect(
        cards.filter({ hasText: 'Jabuke Subotica' }).getByTestId('median-wage').count(),
      ).resolves.toBe(0);
      await screenshots(page, 'browse-by-distance');
      await page.context().close();
    },
  );

  test.each(sizes)('at %i px the worker picks another place and a distance limit', async (width, height) => {
    const page = await workerPage(width, height);
    await page.goto(`${run.product.url}/worker/mobas`);
    await page.getByTestId('vacancy-card').first().waitFor();
    const radius = page.getByRole('group', { name: 'Najdalje' });
    await radius.getByRole('button', { name: '30 km' }).click();
    await page.getByTestId('result-count').getByText('Pronađeno je 6 moba.').waitFor();

    await page.getByTestId('more-filters').click();
    const near = page.getByTestId('near-place');
    // The worker's own municipality is the field's value, not a grey hint.
    await expect(near.inputValue()).resolves.toBe('Arilje');
    await expect(page.getByTestId('near-fields').textContent()).resolves.toContain('vazdušna linija');
    await near.fill('Subotica');
    await page.getByRole('button', { name: 'Prikaži mobe' }).click();
    await radius.getByRole('button', { name: '10 km' }).click();
    await page.getByTestId('result-count').getByText('Pronađena je 1 moba.').waitFor();
    await page.getByTestId('vacancy-card').filter({ hasText: 'Jabuke Subotica' }).waitFor();
    expect(await page.getByTestId('vacancy-card').count()).toBe(1);
    await expect(page.getByTestId('distance').first().textContent()).resolves.toContain('≈ 0 km');
    await page.context().close();
  });
});
