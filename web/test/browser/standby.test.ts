/**
 * Standby (issue #31 point 4) in a real browser against the whole product, in the three scripts at
 * 360 and 1280 px: an accepted worker cancels from My mobas with a reason, the freed place is offered
 * to the worker waiting, who takes it with "Uzmi mesto"; axe finds nothing serious on either screen.
 */
import type { Page } from 'playwright-core';
import { mobaFields, registeredUser } from '../../../test/support/product';
import {
  screenshots,
  signedInContext,
  eventually,
  runProductBrowserAndAdmin,
  isoDay,
  seriousViolations,
  type Session,
  cardAction,
  postedMoba,
} from './helpers';

jest.setTimeout(180_000);

const run = runProductBrowserAndAdmin();

/** At both widths: nothing serious for axe, nothing wider than the screen, the action thumb-sized. */
async function checkScreen(page: Page, name: string, action: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const box = await page.getByTestId(action).first().boundingBox();
    if (box) expect(box.height).toBeGreaterThanOrEqual(44);
  }
  await page.setViewportSize({ width: 360, height: 780 });
  await screenshots(page, name);
}

/** A moba with one place: `leaving` is accepted on it, `waiting` applied after and waits. */
const ownerOf = new Map<string, Session>();

async function mobaWithOnePlace(title: string) {
  const estate = await registeredUser(run.client, 'estate');
  const vacancyId = await postedMoba(
    run.client,
    estate,
    mobaFields(isoDay(10), isoDay(15), { title, numberOfWorkers: 1 }),
  );
  ownerOf.set(vacancyId, estate);
  const [waiting, leaving] = [
    await registeredUser(run.client, 'worker'),
    await registeredUser(run.client, 'worker'),
  ];
  const applied = async (worker: Session) =>
    eventually(async () => {
      const res = await run.client.post('/api/applications/create', { vacancyId }, worker.auth);
      return res.status === 201 ? (res.body.id as string) : null;
    }, 'applied');
  const waitingId = await applied(waiting);
  const leavingId = await applied(leaving);
  const accepted = await run.client.post(`/api/admin/applications/${leavingId}/accept`, {}, run.admin.auth);
  expect(accepted.status).toBe(200);
  return { vacancyId, waiting, leaving, waitingId };
}

async function openAs(worker: Session, language: string, path = '/worker/my-mobas') {
  const context = await signedInContext(
    run.browser,
    { token: worker.token, userId: worker.userId },
    { viewport: { width: 360, height: 780 }, bypassCSP: true },
  );
  await context.addInitScript((lng) => localStorage.setItem('language', lng), language);
  const page = await context.newPage();
  await page.goto(`${run.product.url}${path}`);
  return { context, page };
}

const texts = {
  'sr-Latn': {
    cancel: 'Otkaži',
    reason: 'Nemam prevoz',
    cancelled: 'Mesto je otkazano',
    take: 'Uzmi mesto',
    taken: 'Mesto je vaše',
  },
  'sr-Cyrl': {
    cancel: 'Откажи',
    reason: 'Немам превоз',
    cancelled: 'Место је отказано',
    take: 'Узми место',
    taken: 'Место је ваше',
  },
  en: {
    cancel: 'Cancel',
    reason: 'No transport',
    cancelled: 'Your place is cancelled',
    take: 'Take the place',
    taken: 'The place is yours',
  },
} as const;

describe.each(Object.keys(texts) as (keyof typeof texts)[])('standby in %s', (language) => {
  const words = texts[language];

  test('the accepted worker cancels with a reason; the waiting worker takes the freed place', async () => {
    const { waiting, leaving, waitingId } = await mobaWithOnePlace(`Berba višanja ${language}`);

    const leaver = await openAs(leaving, language);
    const cancel = leaver.page.getByTestId('cancel-place');
    await cancel.waitFor();
    expect((await cancel.textContent())?.trim()).toBe(words.cancel);
    await cancel.click();
    await leaver.page.getByRole('dialog').waitFor();
    await checkScreen(leaver.page, `standby-cancel-${language}`, 'cancel-dialog-submit');
    await leaver.page.getByRole('radio', { name: words.reason }).check();
    await leaver.page.getByTestId('cancel-dialog-submit').click();
    await leaver.page.getByTestId('toast').filter({ hasText: words.cancelled }).waitFor();
    await leaver.context.close();

    // The freed place is offered to the worker waiting (by event): their card shows "Uzmi mesto".
    await eventually(async () => {
      const mine = (await run.client.get('/api/workers/vacancies/my/active', waiting.auth)).body as {
        application: { id: string; standbyOffer?: unknown };
      }[];
      return mine.find((m) => m.application.id === waitingId)?.application.standbyOffer ?? null;
    }, 'the standby offer');
    // The waiting worker was told in the app (the bell) and finds "Uzmi mesto" on their card.
    const taker = await openAs(waiting, language);
    const take = taker.page.getByTestId('take-place');
    await take.waitFor();
    expect((await take.textContent())?.trim()).toBe(words.take);
    await checkScreen(taker.page, `standby-take-${language}`, 'take-place');
    await take.click();
    await taker.page.getByTestId('toast').filter({ hasText: words.taken }).waitFor();
    await taker.context.close();

    const statuses = (await run.client.get('/api/workers/applications', waiting.auth)).body as {
      applicationId: string;
      status: string;
    }[];
    expect(statuses.find((s) => s.applicationId === waitingId)?.status).toBe('Accepted');
  });
});

test('the estate removes an accepted worker from its moba with a reason, seeing their reliability (360 and 1280 px)', async () => {
  const { vacancyId, leaving } = await mobaWithOnePlace('Berba trešanja');
  const owner = ownerOf.get(vacancyId)!;
  const context = await signedInContext(run.browser, owner, { role: 'Estate', width: 360, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${run.product.url}/estate/my-mobas`);
  const card = page.getByTestId('estate-moba').filter({ hasText: 'Berba trešanja' });
  await (await cardAction(card, 'Odobreni radnici')).click();
  const applicant = page.getByTestId('applicant').first();
  await applicant.getByTestId('reliability').waitFor();
  expect(await applicant.getByTestId('reliability').textContent()).toContain('1 posao');
  await applicant.getByTestId('remove-from-moba').click();
  await page.getByTestId('remove-dialog').waitFor();
  await checkScreen(page, 'standby-remove-sr-Latn', 'remove-dialog-submit');
  await page.getByRole('radio', { name: 'Više nam ne treba' }).check();
  await page.getByTestId('remove-dialog-submit').click();
  await page.getByTestId('toast').filter({ hasText: 'Uklonjeno sa mobe' }).waitFor();
  await context.close();
  await eventually(async () => {
    const mine = (await run.client.get('/api/workers/applications', leaving.auth)).body as {
      status: string;
    }[];
    return mine.some((a) => a.status === 'Cancelled');
  }, 'the worker removed');
});
