/**
 * Attendance per day and per head (issue #31, point 6) in a real browser against the whole product:
 * a leader who brings two people as a number and a worker (female on her profile) are accepted for a
 * three-day moba; a day later the estate opens the roster at 360 and 1280 px in the three scripts,
 * marks yesterday and today per head, sees each day's figure in heads, and prints a row per head with
 * a signature column per work day. Axe: 0 serious.
 */
import type { Page } from 'playwright-core';
import type { DayRoster } from '@moba/contracts';
import { loginAdmin, mobaFields, productDay, registeredUser } from '../../../test/support/product';
import {
  eventually,
  phoneLinkHeights,
  runProductAndBrowser,
  screenshots,
  seriousViolations,
  type Session,
  signedInContext,
  type Script,
  printedA4Pages,
} from './helpers';

jest.setTimeout(180_000);

const DAY = 86_400_000;

let estate: Session;
let leader: Session;
let worker: Session;
let vacancyId = '';
let crewApplication = '';
let days: string[] = [];

const run = runProductAndBrowser();

beforeAll(async () => {
  const admin = await loginAdmin(run.client);
  estate = await registeredUser(run.client, 'estate');
  leader = await registeredUser(run.client, 'worker', { groupLeader: true, groupSize: 5, lastName: 'Vođić' });
  worker = await registeredUser(run.client, 'worker', {
    firstName: 'Mira',
    lastName: 'Radić',
    gender: 'female',
  });
  const start = await productDay(run.client, 0);
  const created = await run.client.post(
    '/api/estates/vacancies/create',
    mobaFields(start, await productDay(run.client, 2), { title: `Berba višanja ${Date.now().toString(36)}` }),
    estate.auth,
  );
  expect(created.status).toBe(201);
  vacancyId = created.body.id as string;
  const applied = await eventually(async () => {
    const res = await run.client.post('/api/applications/create', { vacancyId, peopleCount: 2 }, leader.auth);
    return res.status === 201 ? res : null;
  }, 'the leader applied with two people');
  crewApplication = applied.body.id as string;
  const solo = await run.client.post('/api/applications/create', { vacancyId }, worker.auth);
  expect(solo.status).toBe(201);
  for (const id of [crewApplication, solo.body.id as string])
    expect((await run.client.post(`/api/admin/applications/${id}/accept`, {}, admin.auth)).status).toBe(200);
  // A day later: the first day has passed, the second is today, the third has not come.
  expect((await run.client.post('/api/dev/clock', { advanceMs: DAY })).status).toBe(200);
  const roster = await eventually(async () => {
    const res = await run.client.get(`/api/estates/vacancies/${vacancyId}/roster`, estate.auth);
    return res.status === 200 && res.body.heads === 4 ? (res.body as DayRoster) : null;
  }, 'the roster has four heads');
  days = roster.days.map((d) => d.day);
  expect(days).toHaveLength(3);
  expect(roster.day).toBe(days[1]);
});

/** The estate's roster in a tab of this width and language. */
async function rosterTab(width: number, language: Script) {
  // bypassCSP: the injected axe script
  const context = await signedInContext(run.browser, estate, {
    role: 'Estate',
    language,
    width,
    bypassCSP: true,
  });
  const page = await context.newPage();
  await page.goto(`${run.product.url}/estate/my-mobas/${vacancyId}/roster`);
  await page.getByTestId('roster-person').nth(3).waitFor();
  return { context, page };
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const rows = (page: Page) => page.getByTestId('roster-person');

/** Every button of the roster is at least thumb-sized (44 px). */
async function smallestButton(page: Page) {
  return page.evaluate(() =>
    Math.min(
      ...[...document.querySelectorAll<HTMLElement>('.day-strip button, .attendance-choice button')].map(
        (b) => Math.min(b.getBoundingClientRect().width, b.getBoundingClientRect().height),
      ),
    ),
  );
}

test('at 360 px in Latin: a row per head, today first, marks per day and the figure in heads', async () => {
  const { context, page } = await rosterTab(360, 'sr-Latn');
  try {
    const names = await rows(page).locator('.head-name').allTextContents();
    expect(names).toEqual([
      `${leader.firstName} ${leader.lastName}`,
      `Osoba 2 (ekipa: ${leader.firstName} ${leader.lastName})`,
      `Osoba 3 (ekipa: ${leader.firstName} ${leader.lastName})`,
      'Mira Radić',
    ]);
    // Gendered labels from the profiles; the unnamed people read neutral.
    expect(await rows(page).getByTestId('mark-Came').allTextContents()).toEqual([
      'Došao',
      'Došao/la',
      'Došao/la',
      'Došla',
    ]);
    const tabs = page.getByTestId('day-tab');
    await expect(tabs.nth(1).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(tabs.nth(2).isDisabled()).resolves.toBe(true);

    // Yesterday: the leader and person 2 came, person 3 did not, Mira came.
    await tabs.nth(0).click();
    const marks: [number, 'Came' | 'DidNotCome'][] = [
      [0, 'Came'],
      [1, 'Came'],
      [2, 'DidNotCome'],
      [3, 'Came'],
    ];
    for (const [row, value] of marks) {
      await rows(page).nth(row).getByTestId(`mark-${value}`).click();
      await rows(page).nth(row).locator(`[data-testid="mark-${value}"][aria-pressed="true"]`).waitFor();
    }
    await page.getByTestId('roster-came').getByText('Došlo: 3 od 4 osobe').waitFor();
    // Today: only Mira so far.
    await tabs.nth(1).click();
    await rows(page).nth(3).getByTestId('mark-DidNotCome').click();
    await rows(page).nth(3).locator('[data-testid="mark-DidNotCome"][aria-pressed="true"]').waitFor();
    await page.getByTestId('roster-came').getByText('Došlo: 0 od 4 osobe').waitFor();
    expect(await scrollWidth(page)).toBe(360);
    expect(await smallestButton(page)).toBeGreaterThanOrEqual(44);
    const phones = await phoneLinkHeights(page);
    expect(phones.length).toBeGreaterThan(0);
    expect(Math.min(...phones)).toBeGreaterThanOrEqual(44);
    await screenshots(page, 'attendance-roster-360');
    expect(await seriousViolations(page)).toEqual([]);

    const roster = (await run.client.get(`/api/estates/vacancies/${vacancyId}/roster`, estate.auth))
      .body as DayRoster;
    expect(roster.days.map(({ came, didNotCome }) => [came, didNotCome])).toEqual([
      [3, 1],
      [0, 1],
      [0, 0],
    ]);
    expect(roster.rows.find((r) => r.personId === `${crewApplication}:3`)!.marks).toEqual({
      [days[0]!]: 'DidNotCome',
    });
  } finally {
    await context.close();
  }
});

test('at 1280 px in Cyrillic and in English, the same roster reads in the script; axe finds nothing serious', async () => {
  for (const [language, came, person] of [
    ['sr-Cyrl', 'Дошла', 'Особа 2'],
    ['en', 'Came', 'Person 2'],
  ] as const) {
    const { context, page } = await rosterTab(1280, language);
    try {
      await expect(rows(page).nth(3).getByTestId('mark-Came').textContent()).resolves.toBe(came);
      await expect(rows(page).nth(1).locator('.head-name').textContent()).resolves.toContain(person);
      expect(await scrollWidth(page)).toBe(1280);
      expect(await smallestButton(page)).toBeGreaterThanOrEqual(44);
      await screenshots(page, `attendance-roster-1280-${language}`);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }
});

test('the printed roster has a row per head and a signature column per work day, on one A4 page', async () => {
  const { context, page } = await rosterTab(1280, 'sr-Latn');
  try {
    await page.emulateMedia({ media: 'print' });
    const table = page.getByTestId('roster-print-table');
    await expect(table.isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('day-strip').isVisible()).resolves.toBe(false);
    expect(await table.locator('thead th.col-day').count()).toBe(3);
    const printed = table.getByTestId('roster-print-row');
    expect(await printed.count()).toBe(4);
    expect(await printed.nth(0).locator('td.signature').allTextContents()).toEqual(['☑', '', '']);
    expect(await printed.nth(2).locator('td.signature').allTextContents()).toEqual(['☒', '', '']);
    expect(await printedA4Pages(page)).toBe(1);
    await page.emulateMedia({ media: 'screen' });
  } finally {
    await context.close();
  }
});

test('after the moba the rating form is pre-filled from attendance and does not ask "stayed" of who did not come', async () => {
  // The leader did not come after all (the first day corrected), nor on the last day; Mira came on the
  // first day only.
  expect((await run.client.post('/api/dev/clock', { advanceMs: DAY })).status).toBe(200);
  const mark = (day: string, personId: string, attendance: string) =>
    run.client.post(
      `/api/estates/vacancies/${vacancyId}/attendance`,
      { day, marks: [{ personId, attendance }] },
      estate.auth,
    );
  expect((await mark(days[0]!, crewApplication, 'DidNotCome')).status).toBe(200);
  expect((await mark(days[2]!, crewApplication, 'DidNotCome')).status).toBe(200);
  expect((await run.client.post('/api/dev/clock', { advanceMs: 2 * DAY })).status).toBe(200);
  const forRating = await eventually(async () => {
    const res = await run.client.get(`/api/estates/vacancy/${vacancyId}/workers/for-rating`, estate.auth);
    const workers = (res.body?.workers ?? []) as { workerId: string; attended?: { came: boolean } }[];
    const leaderRow = workers.find((w) => w.workerId === leader.userId);
    return res.status === 200 && leaderRow?.attended?.came === false ? workers : null;
  }, 'the moba finished and its attendance reached the rating service');
  expect(forRating.find((w) => w.workerId === worker.userId)).toMatchObject({
    attended: { came: true, stayed: false },
  });

  const context = await signedInContext(run.browser, estate, { role: 'Estate', width: 360 });
  const page = await context.newPage();
  try {
    await page.goto(`${run.product.url}/estate/past-mobas/${vacancyId}/rate-workers`);
    const card = (name: string) => page.getByTestId('worker-to-rate').filter({ hasText: name });
    const leaderCard = card(`${leader.firstName} ${leader.lastName}`);
    await leaderCard.waitFor();
    const answer = (c: ReturnType<typeof card>, item: string, label: 'Da' | 'Ne') =>
      c.getByRole('radiogroup', { name: item }).getByLabel(label).isChecked();
    await expect(answer(leaderCard, 'Došao je', 'Ne')).resolves.toBe(true);
    await expect(leaderCard.getByRole('radiogroup', { name: 'Ostao je do kraja' }).count()).resolves.toBe(0);
    await leaderCard.getByTestId('stayed-not-asked').waitFor();
    const miraCard = card('Mira Radić');
    await expect(answer(miraCard, 'Došao je', 'Da')).resolves.toBe(true);
    await expect(answer(miraCard, 'Ostao je do kraja', 'Ne')).resolves.toBe(true);
    await miraCard.getByTestId('prefilled-from-attendance').waitFor();
    await screenshots(page, 'attendance-rating-prefilled');
  } finally {
    await context.close();
  }
});
