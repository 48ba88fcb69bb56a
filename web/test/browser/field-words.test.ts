/**
 * Issue #35 points 1, 2, 3 and 9: what a worker and an estate read in the field. The form warns
 * about a wage below the legal minimum; Cyrillic screens carry no Latin (hours in "ч", the home
 * town as typed, districts in азбука order, no GeoNames credit among the filters); English reads
 * English numbers; reporting a moba is worded and placed apart from applying; the consent label
 * ticks wherever it is tapped; every signed-in page has its own title; radios are 24 px or more.
 */
import type { Page } from 'playwright-core';
import { toCyrillic } from '@moba/contracts/script';
import { mobaBody, registeredUser } from '../../../test/support/product';
import {
  fillAvailability,
  runProductAndBrowser,
  type Session,
  signedInContext,
  type Script,
} from './helpers';

jest.setTimeout(180_000);

const run = runProductAndBrowser();

const widths = [360, 1280];

/** A page at `width`, signed in as `session` with `role`, reading `language`. */
async function signedIn(
  session: Session,
  role: 'Worker' | 'Estate',
  language: Script,
  width: number,
): Promise<Page> {
  const context = await signedInContext(run.browser, session, { role, language, width, bypassCSP: true });
  return context.newPage();
}

async function publish(estate: Session, overrides: Record<string, unknown>) {
  const res = await run.client.post(
    '/api/estates/vacancies/create',
    await mobaBody(run.client, overrides),
    estate.auth,
  );
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const card = (page: Page, title: string) => page.getByTestId('vacancy-card').filter({ hasText: title });

test('the create form warns, with the minimum for the hours given, when the daily wage is below the legal minimum', async () => {
  const estate = await registeredUser(run.client, 'estate');
  for (const width of widths) {
    const page = await signedIn(estate, 'Estate', 'sr-Latn', width);
    await page.goto(`${run.product.url}/estate/create-new-moba`);
    await page.getByLabel('Radnih sati dnevno').fill('9');
    await page.getByLabel('Dnevnica (RSD)').fill('2500');
    const warning = page.getByTestId('wage-below-minimum');
    await warning.getByText(/za 9 sati rada najmanje 3\.339 RSD \(371 RSD po satu\)/).waitFor();
    await page.getByLabel('Dnevnica (RSD)').fill('3400');
    await warning.waitFor({ state: 'detached' });
    await page.getByLabel('Radnih sati dnevno').fill('10');
    await warning.getByText(/za 10 sati rada najmanje 3\.710 RSD/).waitFor();
    await page.context().close();
  }
});

test('a Cyrillic worker reads hours in "ч", a whole positive wage line, districts in азбука order and no GeoNames credit', async () => {
  const estate = await registeredUser(run.client, 'estate');
  const worker = await registeredUser(run.client, 'worker', { municipality: 'Užice' });
  const title = `Cirilica ${Date.now().toString(36)}`;
  await publish(estate, { title, dailyWage: 4000, hoursPerDay: 9 });
  for (const width of widths) {
    const page = await signedIn(worker, 'Worker', 'sr-Cyrl', width);
    await page.goto(`${run.product.url}/worker/mobas`);
    const legal = card(page, toCyrillic(title)).getByTestId('legal-minimum');
    await legal.waitFor();
    const text = (await legal.innerText()).trim();
    expect(text).toBe('Законски минимум испуњен (9 ч)');
    // whole, not cut by an ellipsis
    expect(await legal.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    await page.getByRole('button', { name: new RegExp(toCyrillic('Više filtera')) }).click();
    const filters = page.getByTestId('filters');
    await filters.waitFor();
    expect(await page.locator('main').innerText()).not.toContain('GeoNames');
    const district = filters.getByLabel(toCyrillic('Okrug'));
    await district.locator('option').nth(5).waitFor({ state: 'attached' });
    const names = (await district.locator('option').allInnerTexts()).slice(1);
    expect(names.length).toBeGreaterThan(20);
    expect(names).toEqual([...names].sort(new Intl.Collator('sr-Cyrl').compare));
    expect(names.join(' ')).not.toMatch(/[A-Za-zČĆŽŠĐčćžšđ]/);

    await page.goto(`${run.product.url}/worker/profile`);
    await expect(page.getByLabel(toCyrillic('Opština u kojoj živite')).inputValue()).resolves.toBe('Ужице');
    await page.context().close();
  }
  // the credit is on the about page instead
  const home = await run.browser.newPage();
  await home.goto(run.product.url);
  await home
    .getByTestId('place-data-credit')
    .getByText(/GeoNames \(CC BY 4\.0\)/)
    .waitFor({ state: 'attached' });
  await home.close();
});

test('English reads English numbers and offers no disabled "Urgent — coming soon" choice', async () => {
  const estate = await registeredUser(run.client, 'estate');
  const worker = await registeredUser(run.client, 'worker');
  const title = `English ${Date.now().toString(36)}`;
  await publish(estate, { title, dailyWage: 4200 });
  await publish(estate, { title: `${title} 2`, dailyWage: 4200 });
  const page = await signedIn(worker, 'Worker', 'en', 1280);
  await page.goto(`${run.product.url}/worker/mobas`);
  await card(page, `${title} 2`).getByTestId('fact-wage').getByText('4,200 RSD a day').waitFor();
  expect(await page.locator('main').innerText()).not.toMatch(/\d\.\d{3} RSD/);
  await page.context().close();

  // The estate's promo is spent: the featuring is a choice of radios, none of them a disabled teaser.
  const form = await signedIn(estate, 'Estate', 'en', 1280);
  await form.goto(`${run.product.url}/estate/create-new-moba`);
  const featuring = form.getByTestId('featuring');
  await featuring.locator('input[type=radio]').first().waitFor();
  expect(await featuring.innerText()).not.toMatch(/urgent|coming soon/i);
  expect(await featuring.locator('input:disabled').count()).toBe(0);
  await featuring.getByText(/1,500 RSD/).waitFor();
  await form.context().close();
});

test('reporting a moba is worded apart from applying and placed away from the apply button', async () => {
  const estate = await registeredUser(run.client, 'estate');
  const worker = await registeredUser(run.client, 'worker');
  const title = `Prijava ${Date.now().toString(36)}`;
  await publish(estate, { title });
  for (const width of widths) {
    const page = await signedIn(worker, 'Worker', 'sr-Latn', width);
    await page.goto(`${run.product.url}/worker/mobas`);
    await card(page, title).getByRole('button', { name: 'Detalji i konkurisanje' }).click();
    const details = page.getByTestId('vacancy-details');
    const report = details.getByRole('button', { name: 'Prijavi problem sa oglasom' });
    const apply = details.getByRole('button', { name: 'Konkuriši' });
    await apply.waitFor();
    const facts = details.locator('ul.facts').first();
    const [reportBox, factsBox, applyBox] = await Promise.all([
      report.boundingBox(),
      facts.boundingBox(),
      apply.boundingBox(),
    ]);
    // the facts of the moba lie between the two buttons
    expect(reportBox!.y + reportBox!.height).toBeLessThanOrEqual(factsBox!.y);
    expect(factsBox!.y + factsBox!.height).toBeLessThanOrEqual(applyBox!.y);
    if (width === 1280) {
      await apply.click();
      await details
        .getByTestId('apply-success')
        .getByText(/Kada gazdinstvo ili administrator odluči/)
        .waitFor();
    }
    await page.context().close();
  }
});

test('a tap anywhere on the consent label ticks the box; only the link opens the privacy policy', async () => {
  for (const width of widths) {
    const context = await run.browser.newContext({ viewport: { width, height: width === 360 ? 780 : 900 } });
    const page = await context.newPage();
    await page.goto(`${run.product.url}/signup?as=worker`);
    await page.waitForURL('**/month-availability');
    await fillAvailability(page, ['Jun']);
    const box = page.getByRole('checkbox', { name: /Prihvatam uslove/ });
    const label = page.locator('label.check').filter({ has: box });
    await label.scrollIntoViewIfNeeded();
    const area = (await label.boundingBox())!;
    for (const [x, y] of [
      [0.5, 0.5],
      [0.25, 0.5],
      [0.75, 0.5],
      [0.9, 0.3],
    ]) {
      const before = await box.isChecked();
      await page.mouse.click(area.x + area.width * x, area.y + area.height * y);
      await expect(box.isChecked()).resolves.toBe(!before);
    }
    expect(context.pages()).toHaveLength(1);
    expect(page.url()).toContain('/basic-info-registration');
    const [policy] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('privacy-link').click(),
    ]);
    await policy.waitForURL('**/privacy-policy');
    await context.close();
  }
});

test("after signing in each page has its own title in the reader's script", async () => {
  const worker = await registeredUser(run.client, 'worker');
  const context = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
  await context.addInitScript(() => {
    localStorage.setItem('language', 'sr-Cyrl');
    sessionStorage.setItem('guidanceSeen', 'true');
  });
  const page = await context.newPage();
  await page.goto(`${run.product.url}/login`);
  await page.waitForFunction((title) => document.title === title, `${toCyrillic('Prijava')} · Moba`);
  await page.getByLabel(toCyrillic('E-mail adresa')).fill(worker.email as string);
  await page.getByLabel(toCyrillic('Lozinka')).fill(worker.password as string);
  await page.getByRole('button', { name: toCyrillic('Prijavi se') }).click();
  await page.waitForURL('**/worker/mobas');

  const titled = async (path: string) => {
    if (!page.url().endsWith(path)) await page.goto(`${run.product.url}${path}`);
    const heading = (await page.locator('main h1').first().innerText()).trim();
    await page.waitForFunction((h) => document.title === `${h} · Moba`, heading);
    expect(heading).toMatch(/[А-Яа-яЂђЈјЉљЊњЋћЏџ]/);
    return heading;
  };
  const headings = [];
  for (const path of [
    '/worker/mobas',
    '/worker/my-mobas',
    '/worker/profile',
    '/worker/ratings',
    '/worker/contact',
  ])
    headings.push(await titled(path));
  expect(new Set(headings).size).toBe(headings.length);
  await context.close();

  const estate = await registeredUser(run.client, 'estate');
  const estatePage = await signedIn(estate, 'Estate', 'sr-Cyrl', 1280);
  for (const path of [
    '/estate/my-mobas',
    '/estate/past-mobas',
    '/estate/create-new-moba',
    '/estate/profile',
  ]) {
    await estatePage.goto(`${run.product.url}${path}`);
    const heading = (await estatePage.locator('main h1').first().innerText()).trim();
    await estatePage.waitForFunction((h) => document.title === `${h} · Moba`, heading);
  }
  await estatePage.context().close();
});

test('radios and checkboxes on the create form are 24 px or more and pass axe target-size', async () => {
  const estate = await registeredUser(run.client, 'estate');
  await publish(estate, {}); // the promo spent: the featuring shows its radios
  for (const width of widths) {
    const page = await signedIn(estate, 'Estate', 'sr-Latn', width);
    await page.goto(`${run.product.url}/estate/create-new-moba`);
    await page.getByTestId('featuring').locator('input[type=radio]').first().waitFor();
    const sizes = await page
      .locator('main input[type=radio], main input[type=checkbox]')
      .evaluateAll((inputs) =>
        inputs.map((i) => i.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)),
      );
    expect(sizes.length).toBeGreaterThan(3);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(24);
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run: (c: Document, o: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }>;
          };
        }
      ).axe;
      const result = await axe.run(document, { runOnly: { type: 'rule', values: ['target-size'] } });
      return result.violations.map((v) => `${v.id}: ${v.nodes.length}`);
    });
    expect(violations).toEqual([]);
    await page.context().close();
  }
});
