/**
 * Meeting details (issue #31, point 2) in a real browser against the whole product: the estate opens
 * the create form's collapsed section, then sets a moba's meeting details from its My mobas card; an
 * accepted worker sees them on their card (tap to call, map link) in Serbian Latin, Cyrillic and
 * English; a pending worker does not. At 360 and 1280 px, axe with no serious issue.
 */
import type { Page } from 'playwright-core';
import { mobaFields, productDay, registeredUser } from '../../../test/support/product';
import {
  logIn,
  screenshots,
  eventually,
  runProductBrowserAndAdmin,
  seriousViolations,
  type Session,
  type Script,
  cardAction,
  fillCreateMobaForm,
  postedMoba,
} from './helpers';

jest.setTimeout(180_000);

const run = runProductBrowserAndAdmin();

/** A tab signed in as this user in a script and width, landing where their role lands. */
async function signedIn(session: Session, landing: string, language: Script, width: number) {
  const context = await run.browser.newContext({
    viewport: { width, height: width === 360 ? 780 : 900 },
    bypassCSP: true,
  });
  await context.addInitScript(() => sessionStorage.setItem('guidanceSeen', 'true'));
  const page = await context.newPage();
  await logIn(page, run.product.url, session.email, session.password);
  await page.waitForURL(`**${landing}`);
  // The reader's script, chosen once signed in (the sign-in screen is read in Latin).
  await page.evaluate((lng) => localStorage.setItem('language', lng), language);
  return { context, page };
}

/** Nothing wider than the screen. */
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Every button and link of a part of the page is at least 44 px tall (a thumb). */
async function thumbSized(page: Page, selector: string) {
  const heights = await page
    .locator(`${selector} button:visible, ${selector} a.button:visible`)
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(0);
  for (const height of heights) expect(height).toBeGreaterThanOrEqual(44);
}

let seq = 0;
/** An estate's open moba, and an accepted and a pending worker on it. */
async function mobaWithPeople() {
  seq += 1;
  const estate = await registeredUser(run.client, 'estate');
  const title = `Berba malina ${seq}-${Date.now().toString(36)}`;
  const vacancyId = await postedMoba(
    run.client,
    estate,
    mobaFields(await productDay(run.client, 4), await productDay(run.client, 6), {
      title,
      numberOfWorkers: 5,
    }),
  );
  const [accepted, pending] = [
    await registeredUser(run.client, 'worker'),
    await registeredUser(run.client, 'worker'),
  ];
  const apply = (worker: Session) =>
    eventually(async () => {
      const res = await run.client.post('/api/applications/create', { vacancyId }, worker.auth);
      return res.status === 201 && (res.body.id as string);
    }, 'applied');
  const acceptedId = await apply(accepted);
  await apply(pending);
  const res = await run.client.post(`/api/admin/applications/${acceptedId}/accept`, {}, run.admin.auth);
  expect(res.status).toBe(200);
  return { estate, accepted, pending, vacancyId, title };
}

test('the create form keeps meeting details collapsed, and shows them with the defaults when opened', async () => {
  const estate = await registeredUser(run.client, 'estate');
  for (const width of [360, 1280]) {
    const { context, page } = await signedIn(estate, '/estate/my-mobas', 'sr-Latn', width);
    try {
      await page.goto(`${run.product.url}/estate/create-new-moba`);
      const section = page.getByTestId('meeting-section');
      await section.waitFor();
      expect(await page.getByTestId('meeting-fields').count()).toBe(0);
      await section.getByRole('button', { name: 'Upiši okupljanje i potvrde' }).click();
      await section.getByTestId('meeting-fields').waitFor();
      await section.getByText(/Podrazumevano: potvrda u 18:00, rok u 21:00/).waitFor();
      expect(await section.getByTestId('meeting-ask-at').inputValue()).toBe('18:00');
      await section.getByTestId('meeting-point').fill('Zadruga, pozovite 0641234567');
      await section.getByTestId('meeting-point').blur();
      await section
        .getByText('Ne upisujte broj telefona u tekst.')
        .or(section.getByRole('alert'))
        .first()
        .waitFor();
      expect(await scrollWidth(page)).toBe(width);
      await thumbSized(page, '[data-testid="meeting-section"]');
      expect(await seriousViolations(page)).toEqual([]);
      if (width === 360) await screenshots(page, 'meeting-create-section');
    } finally {
      await context.close();
    }
  }
});

test('an estate publishes a moba with meeting details through the create form', async () => {
  const estate = await registeredUser(run.client, 'estate');
  const [start, end] = [await productDay(run.client, 5), await productDay(run.client, 7)];
  const title = `Berba kupina sa okupljanjem ${Date.now().toString(36)}`;
  const { context, page } = await signedIn(estate, '/estate/my-mobas', 'sr-Latn', 360);
  try {
    await page.goto(`${run.product.url}/estate/create-new-moba`);
    await fillCreateMobaForm(page, {
      title,
      description: 'Berba kupina u zasadu kod Ivanjice, rad od 7 do 16 časova.',
      startDate: start,
      endDate: end,
      accommodation: true,
    });
    const section = page.getByTestId('meeting-section');
    await section.getByTestId('meeting-toggle').click();
    await section.getByTestId('meeting-point').fill('Kod škole u Ivanjici');
    await section.getByTestId('meeting-time').fill('06:15');
    // A second day with a time of its own.
    await section.getByRole('button', { name: 'Dodaj dan sa drugim vremenom' }).click();
    await section.getByLabel('Vreme tog dana').fill('08:00');
    await section.getByTestId('meeting-contact-name').fill('Milan');
    // A missing phone keeps the moba from being sent, and says where.
    const publish = page.getByRole('button', { name: /^Objavi/ }).first();
    await publish.click();
    await page.getByTestId('form-problems').waitFor();
    expect(await section.getByTestId('meeting-fields').isVisible()).toBe(true);
    await section.getByTestId('meeting-contact-phone').fill('065 222 3344');
    const featuring = page.getByTestId('featuring').locator('input[type=checkbox]:checked');
    if (await featuring.count()) await featuring.uncheck();
    await publish.click();
    await page.waitForURL('**/estate/my-mobas');
  } finally {
    await context.close();
  }
  const mine = (await run.client.get('/api/estates/vacancies/all', estate.auth)).body as {
    id: string;
    title: string;
  }[];
  const moba = mine.find((v) => v.title === title)!;
  expect(moba).toBeDefined();
  expect(JSON.stringify(mine)).not.toContain('Kod škole');
  const read = await eventually(async () => {
    const res = await run.client.get(`/api/mobas/${moba.id}/day-of-work`, estate.auth);
    return res.status === 200 && res.body.meeting ? res.body : null;
  }, 'the meeting details of the new moba');
  expect(read.meeting).toMatchObject({
    point: 'Kod škole u Ivanjici',
    time: '06:15',
    timeByDay: { [start]: '08:00' },
    contactName: 'Milan',
    contactPhone: '065 222 3344',
  });
  expect(read.confirmation).toEqual({ askAt: '18:00', deadlineAt: '21:00', unanswered: 'flag' });
});

test('the estate sets the meeting details from My mobas; the accepted worker sees them in three scripts, a pending one does not', async () => {
  const { estate, accepted, pending, vacancyId, title } = await mobaWithPeople();

  // The estate, on a phone, from its card to the edit screen.
  const estateTab = await signedIn(estate, '/estate/my-mobas', 'sr-Latn', 360);
  try {
    const { page } = estateTab;
    const card = page.getByTestId('estate-moba').filter({ hasText: title });
    await (await cardAction(card, { testId: 'day-of-work-link' })).click();
    await page.waitForURL(`**/estate/my-mobas/${vacancyId}/day-of-work`);
    await page.getByTestId('meeting-fields').waitFor();
    await page.getByTestId('meeting-save').click();
    expect(await page.getByTestId('meeting-problems').count()).toBe(0); // nothing typed: nothing wrong
    await page.getByTestId('meeting-point').fill('Ispred zadruge u Arilju');
    await page.getByTestId('meeting-save').click();
    await page.getByTestId('meeting-problems').waitFor();
    await page.getByTestId('meeting-time').fill('06:30');
    await page.getByTestId('meeting-lat').fill('43.7521');
    await page.getByTestId('meeting-lng').fill('20.0968');
    await page.getByTestId('meeting-contact-name').fill('Predrag');
    await page.getByTestId('meeting-contact-phone').fill('064 555 1234');
    await page.getByTestId('meeting-bring').fill('Rukavice i kapu');
    await page.getByLabel('Oslobodi mesto za druge').check();
    expect(await scrollWidth(page)).toBe(360);
    await thumbSized(page, 'form');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'meeting-edit');
    await page.getByTestId('meeting-save').click();
    await page.getByText('Sačuvano.').waitFor();
  } finally {
    await estateTab.context.close();
  }
  await eventually(
    async () =>
      (await run.client.get(`/api/mobas/${vacancyId}/day-of-work`, accepted.auth)).body.meeting?.point ===
      'Ispred zadruge u Arilju',
    'the meeting reaches the application service',
  );

  const expected: Record<Script, { point: string; call: RegExp; map: string }> = {
    'sr-Latn': { point: 'Ispred zadruge u Arilju', call: /Pozovi Predrag/, map: 'Otvori na mapi' },
    'sr-Cyrl': { point: 'Испред задруге у Ариљу', call: /Позови Предраг/, map: 'Отвори на мапи' },
    en: { point: 'Ispred zadruge u Arilju', call: /Call Predrag/, map: 'Open on the map' },
  };
  for (const [language, texts] of Object.entries(expected) as [Script, (typeof expected)['en']][])
    for (const width of [360, 1280]) {
      const { context, page } = await signedIn(accepted, '/worker/mobas', language, width);
      try {
        await page.goto(`${run.product.url}/worker/my-mobas`);
        const card = page.getByTestId('my-moba').filter({ has: page.getByTestId('meeting-details') });
        const details = card.getByTestId('meeting-details');
        await details.waitFor();
        expect(await details.getByTestId('meeting-point').textContent()).toContain(texts.point);
        expect(await details.getByTestId('meeting-time').textContent()).toContain('06:30');
        const call = details.getByTestId('meeting-call');
        expect(await call.textContent()).toMatch(texts.call);
        expect(await call.getAttribute('href')).toBe('tel:0645551234');
        const map = details.getByTestId('meeting-map');
        expect(await map.textContent()).toBe(texts.map);
        expect(await map.getAttribute('href')).toContain('mlat=43.752100&mlon=20.096800');
        expect(await scrollWidth(page)).toBe(width);
        await thumbSized(page, '[data-testid="meeting-details"]');
        expect(await seriousViolations(page)).toEqual([]);
        if (width === 360) await screenshots(page, `meeting-worker-${language}`);
      } finally {
        await context.close();
      }
    }

  // A pending applicant: their card, without the meeting, and the API refuses them.
  const { context, page } = await signedIn(pending, '/worker/mobas', 'sr-Latn', 360);
  try {
    await page.goto(`${run.product.url}/worker/my-mobas`);
    await page.getByTestId('my-moba').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('meeting-details').count()).toBe(0);
    expect(await page.content()).not.toContain('Ispred zadruge');
    const refused = await run.client.get(`/api/mobas/${vacancyId}/day-of-work`, pending.auth);
    expect(refused.status).toBe(403);
  } finally {
    await context.close();
  }
});
