/**
 * Job alerts (issue #32 point 1) in a real browser against the whole product: the settings screen in
 * the three scripts at 360 and 1280 px (axe, nothing wider than the screen, 44 px targets), the
 * contract's schema refusing a bad wage in the form before anything is sent, a saved change reaching
 * the server, and a moba opened near the worker arriving as an alert whose "stop" link stops them.
 */
import { mobaFields, registeredUser } from '../../../test/support/product';
import {
  eventually,
  runProductAndBrowser,
  screenshots,
  signedInContext,
  isoDay,
  seriousViolations,
} from './helpers';

jest.setTimeout(180_000);

const run = runProductAndBrowser();

const monthOf = (day: string) => Number(day.slice(5, 7));
const texts = {
  'sr-Latn': { title: 'Obaveštenja o poslovima', stop: 'Zaustavi ova obaveštenja', save: 'Sačuvaj' },
  'sr-Cyrl': { title: 'Обавештења о пословима', stop: 'Заустави ова обавештења', save: 'Сачувај' },
  en: { title: 'Job alerts', stop: 'Stop these alerts', save: 'Save' },
} as const;

async function workerIn(language: string, months: number[]) {
  const worker = await registeredUser(run.client, 'worker', {
    municipality: 'Arilje',
    availabilityMonths: months,
    cultures: [],
  });
  const context = await signedInContext(
    run.browser,
    { token: worker.token, userId: worker.userId },
    { viewport: { width: 360, height: 780 }, bypassCSP: true },
  );
  await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
  return { worker, context, page: await context.newPage() };
}

const settingsOf = async (worker: { auth: Record<string, string> }) =>
  (await run.client.get('/api/job-alerts/settings', worker.auth)).body;

describe.each(Object.keys(texts) as (keyof typeof texts)[])('job alerts in %s', (language) => {
  test('the screen fits 360 and 1280 px, refuses a bad wage in the form, and saves a change', async () => {
    const { worker, context, page } = await workerIn(language, [7, 8]);
    try {
      // the settings were made from the profile when the worker signed up
      await eventually(async () => (await settingsOf(worker)).home === 'Arilje', 'alert made at sign-up');
      await page.goto(`${run.product.url}/worker/job-alerts`);
      await page.getByRole('heading', { name: texts[language].title }).waitFor();
      expect(await page.locator('a[href="/worker/job-alerts"]').count()).toBeGreaterThan(0); // the menu
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
        expect(await seriousViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        for (const name of [texts[language].save, texts[language].stop]) {
          const box = await page.getByRole('button', { name }).boundingBox();
          expect(box?.height).toBeGreaterThanOrEqual(44);
        }
        const radio = await page.getByRole('radio').first().locator('..').boundingBox();
        expect(radio?.height).toBeGreaterThanOrEqual(44);
      }
      await page.setViewportSize({ width: 360, height: 780 });
      await screenshots(page, `job-alerts-${language}`);

      await page.getByRole('radio').nth(2).check(); // 50 km
      const wage = page.getByTestId('job-alerts-wage').locator('input');
      await wage.fill('-5');
      await page.getByRole('button', { name: texts[language].save }).click();
      await page.getByTestId('job-alerts-wage').locator('.error, [role="alert"]').first().waitFor();
      expect(await settingsOf(worker)).toMatchObject({ radiusKm: 30, minDailyWage: 0 });

      await wage.fill('3000');
      await page.getByRole('button', { name: texts[language].save }).click();
      await page.getByTestId('job-alerts-saved').waitFor();
      expect(await settingsOf(worker)).toMatchObject({ radiusKm: 50, minDailyWage: 3000, months: [7, 8] });
    } finally {
      await context.close();
    }
  });
});

test('a moba opened near the worker arrives as an alert whose link stops the alerts', async () => {
  const start = isoDay(10);
  const { worker, context, page } = await workerIn('sr-Latn', [monthOf(start)]);
  try {
    await eventually(async () => (await settingsOf(worker)).home === 'Arilje', 'alert made at sign-up');
    const estate = await registeredUser(run.client, 'estate');
    const created = await run.client.post(
      '/api/estates/vacancies/create',
      mobaFields(start, start, { municipality: 'Požega', title: 'Berba kupina kod Požege' }),
      estate.auth,
    );
    expect(created.status).toBe(201);
    const vacancyId = created.body.id as string;
    await eventually(async () => {
      const list = (await run.client.get('/api/notifications/all', worker.auth)).body as {
        content: { key: string; params: Record<string, unknown> };
      }[];
      return list.some(
        (n) => n.content.key === 'notification.jobAlert' && n.content.params.vacancyId === vacancyId,
      );
    }, 'the job alert');

    await page.goto(`${run.product.url}/worker/my-mobas`);
    await page.getByTestId('bell').click();
    const alert = page
      .getByTestId('notification-panel')
      .getByTestId('notification')
      .filter({ hasText: 'Berba kupina kod Požege' });
    await alert.getByTestId('notification-moba').waitFor(); // the moba's page is its link
    expect(await alert.getByTestId('notification-moba').getAttribute('href')).toBe(`/moba/${vacancyId}`);
    await alert.getByRole('button', { name: texts['sr-Latn'].stop }).click();
    await page.waitForURL('**/worker/job-alerts?stop=1');
    await page.getByTestId('job-alerts-page').getByRole('button', { name: texts['sr-Latn'].stop }).click();
    await eventually(async () => (await settingsOf(worker)).enabled === false, 'alerts stopped');
  } finally {
    await context.close();
  }
});
