/**
 * Confirmations (issue #31 point 3) in a real browser against the whole product: at 18:00 Belgrade on
 * the eve (the dev clock), each accepted worker finds the request on My mobas and taps "Dolazim" (in
 * Latin, Cyrillic and English, at 360 px); the estate's day board counts them in heads. Both screens at
 * 360 and 1280 px in the three scripts, axe with no serious finding, controls a thumb can hit.
 */
import type { Browser, Page } from 'playwright-core';
import { testClient, type TestClient } from '@moba/platform/testing';
import { loginAdmin, mobaFields, registeredUser, startProduct } from '../../../test/support/product';
import { localInstant } from '../../../services/application/src/domain/work-days';
import {
  ensureBuilt,
  launchBrowser,
  screenshots,
  eventually,
  seriousViolations,
  type Session,
  cardAction,
  signedInContext,
  type Script,
  postedMoba,
  acceptedApplication,
} from './helpers';

jest.setTimeout(240_000);

type Product = Awaited<ReturnType<typeof startProduct>>;
const SCRIPTS = ['sr-Latn', 'sr-Cyrl', 'en'] as const;
const DAY = 86_400_000;

let product: Product;
let browser: Browser;
let client: TestClient;
let estate: Session;
let workers: Session[];
let vacancyId: string;

beforeAll(async () => {
  ensureBuilt();
  [product, browser] = await Promise.all([
    startProduct({ LOG_LEVEL: 'error', CONFIRMATION_SWEEP_INTERVAL_MS: '200' }),
    launchBrowser(),
  ]);
  client = testClient(product.url);
  const admin = await loginAdmin(client);
  estate = await registeredUser(client, 'estate');
  workers = [];
  for (let i = 0; i < SCRIPTS.length; i++) workers.push(await registeredUser(client, 'worker'));
  const clockNow = () => client.get('/api/dev/clock').then((r) => Date.parse(r.body.now as string));
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const start = day((await clockNow()) + 10 * DAY);
  vacancyId = await postedMoba(
    client,
    estate,
    mobaFields(start, day(Date.parse(start) + 3 * DAY), { title: 'Berba višanja', numberOfWorkers: 5 }),
  );
  for (const worker of workers) {
    await acceptedApplication(client, admin, worker, vacancyId);
  }
  // 18:05 Belgrade on the eve of the first work day: the requests go out.
  const eve = localInstant(day(Date.parse(start) - DAY), '18:05').getTime();
  await client.post('/api/dev/clock', { advanceMs: eve - (await clockNow()) });
  for (const worker of workers)
    await eventually(async () => {
      const mine = (await client.get('/api/workers/vacancies/my/active', worker.auth)).body as {
        id: string;
        confirmation?: { state: string };
      }[];
      return mine.find((v) => v.id === vacancyId)?.confirmation?.state === 'Asked';
    }, 'the request');
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function signedIn(session: Session, role: 'Worker' | 'Estate', language: Script, width = 360) {
  // bypassCSP: the injected axe script
  const context = await signedInContext(browser, session, { role, language, width, bypassCSP: true });
  return { context, page: await context.newPage() };
}

/** Every button in `scope` is at least 44 × 44 px. */
async function thumbSized(page: Page, selector: string) {
  const small = await page.$$eval(`${selector} button`, (buttons) =>
    buttons
      .map((b) => b.getBoundingClientRect())
      .filter((r) => r.width > 0 && (r.width < 44 || r.height < 44))
      .map((r) => `${r.width}x${r.height}`),
  );
  expect(small).toEqual([]);
}

const yes = { 'sr-Latn': 'Dolazim', 'sr-Cyrl': 'Долазим', en: "I'm coming" };
const confirmed = {
  'sr-Latn': 'Potvrdili ste dolazak',
  'sr-Cyrl': 'Потврдили сте долазак',
  en: 'You confirmed',
};

test.each(SCRIPTS.map((lng, i) => [lng, i] as const))(
  'in %s the accepted worker taps the request on My mobas and sees it confirmed',
  async (lng, index) => {
    const { context, page } = await signedIn(workers[index]!, 'Worker', lng);
    try {
      await page.goto(`${product.url}/worker/my-mobas`);
      const prompt = page.getByTestId('confirmation-prompt');
      await prompt.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await thumbSized(page, '[data-testid="confirmation-prompt"]');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
      await screenshots(page, `confirm-prompt-${lng}`);
      await page.setViewportSize({ width: 1280, height: 900 });
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 360, height: 780 });
      await prompt.getByRole('button', { name: yes[lng] }).click();
      const answered = page.getByTestId('confirmation-answered');
      await answered.waitFor();
      expect(await answered.textContent()).toContain(confirmed[lng]);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  },
);

const totalConfirmed = {
  'sr-Latn': '3 potvrdile dolazak',
  'sr-Cyrl': '3 потврдиле долазак',
  en: '3 confirmed',
};

test.each(SCRIPTS)(
  "in %s the estate's day board counts the confirmed heads, at 360 and 1280 px",
  async (lng) => {
    for (const width of [360, 1280]) {
      const { context, page } = await signedIn(estate, 'Estate', lng, width);
      try {
        await page.goto(`${product.url}/estate/my-mobas`);
        await (
          await cardAction(page.getByTestId('estate-moba').first(), { testId: 'day-board-link' })
        ).click();
        await page.waitForURL(`**/estate/my-mobas/${vacancyId}/board`);
        const total = page.getByTestId('total-confirmed');
        await total.waitFor();
        expect((await total.textContent())?.trim()).toBe(totalConfirmed[lng]);
        expect(await page.getByTestId('board-rows').locator('li').count()).toBe(3);
        expect(await seriousViolations(page)).toEqual([]);
        await thumbSized(page, '.day-tabs');
        if (width === 360) {
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
          await screenshots(page, `day-board-${lng}`);
        }
      } finally {
        await context.close();
      }
    }
  },
);
