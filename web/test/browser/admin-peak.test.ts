/**
 * The admin at the height of a harvest (#23) in a real browser at a desk (1280 px), with a sanity
 * check at 360 px: queue health and filters, keyboard decisions, a bulk decision with its per-item
 * outcome, matching help for a moba with free places, and the per-day charts with their CSV.
 */
import type { Page } from 'playwright-core';
import { ADMIN, mobaFields, productDay, registeredUser } from '../../../test/support/product';
import { logIn, screenshots, unique, eventually, runProductBrowserAndAdmin, postedMoba } from './helpers';

jest.setTimeout(120_000);

const run = runProductBrowserAndAdmin();

/** A moba starting tomorrow in `municipality` with `places`, open in the application service's replica. */
async function mobaTomorrow(municipality: string, places: number) {
  const estate = await registeredUser(run.client, 'estate');
  const title = `Berba ${unique()}`;
  const vacancyId = await postedMoba(
    run.client,
    estate,
    mobaFields(await productDay(run.client, 1), await productDay(run.client, 5), {
      title,
      municipality,
      numberOfWorkers: places,
    }),
  );
  return { vacancyId, title, estate };
}

/** `count` workers apply; answers their full names in the order they applied. */
async function applicants(vacancyId: string, count: number) {
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const worker = await registeredUser(run.client, 'worker', { lastName: `Peak${unique()}` });
    await eventually(
      async () =>
        (await run.client.post('/api/applications/create', { vacancyId }, worker.auth)).status === 201,
      'applied',
    );
    names.push(`${worker.firstName} ${worker.lastName}`);
  }
  await eventually(async () => {
    const list = await run.client.post(
      '/api/admin/applications/pending',
      { sort: 'newest', pageSize: 100 },
      run.admin.auth,
    );
    return (
      (list.body.items as { worker: { fullName: string } | null }[]).filter((a) =>
        names.includes(a.worker?.fullName ?? ''),
      ).length === count
    );
  }, 'listed with worker details');
  return names;
}

async function adminAt(width: number): Promise<Page> {
  const context = await run.browser.newContext({ viewport: { width, height: width === 360 ? 780 : 900 } });
  await context.addInitScript(() => sessionStorage.setItem('guidanceSeen', 'true'));
  const page = await context.newPage();
  await logIn(page, run.product.url, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/admin/tickets');
  return page;
}

test('at a desk: the filtered queue shows its health, tomorrow’s unfilled moba is marked, keyboard decides one, a bulk accept gives the places once and says why the rest were refused', async () => {
  const { vacancyId, title, estate } = await mobaTomorrow('Bosilegrad', 2);
  const names = await applicants(vacancyId, 4);
  const page = await adminAt(1280);

  await page.goto(`${run.product.url}/admin/tickets?municipality=Bosilegrad`);
  const health = page.getByTestId('queue-health');
  await health.getByTestId('queue-waiting').getByText('4').waitFor();
  const row = health.getByTestId('queue-vacancy').filter({ hasText: title });
  await row.getByText('Počinje sutra — popuniti!').waitFor();
  await expect(row.getAttribute('class')).resolves.toContain('urgent');
  await expect(page.getByTestId('worker-application').count()).resolves.toBe(4);
  await screenshots(page, 'admin-peak-queue');

  // Keyboard: ? shows the help; j moves; r asks, Escape cancels (nothing decided); a asks, Enter confirms.
  await page.keyboard.press('?');
  await page.getByTestId('shortcut-help').waitFor();
  await page.keyboard.press('Escape');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  const first = page.getByTestId('worker-application').filter({ hasText: names[0] });
  await expect(first.getAttribute('data-current')).resolves.toBe('true');
  await page.keyboard.press('r');
  await page.getByRole('dialog', { name: 'Odbijanje kandidature' }).waitFor();
  await page.keyboard.press('Escape');
  await expect(first.isVisible()).resolves.toBe(true);
  await page.keyboard.press('a');
  const dialog = page.getByRole('dialog', { name: 'Prihvatanje kandidature' });
  await dialog.getByText(names[0]).waitFor();
  await page.keyboard.press('a'); // a second "a" while the dialog is open decides nothing more
  await page.keyboard.press('Enter');
  await page.getByTestId('decision-done').getByText(names[0]).waitFor();
  await first.waitFor({ state: 'detached' });

  // Bulk: the three left compete for the one place left.
  await page.getByTestId('select-all').check();
  await page.getByTestId('selected-count').getByText('3').waitFor();
  await page.getByRole('button', { name: 'Prihvati izabrane (3)' }).click();
  await page.getByTestId('bulk-confirm').click();
  const outcome = page.getByTestId('bulk-outcome');
  await outcome.getByText('Prihvaćena je 1 kandidatura.').waitFor();
  await expect(outcome.getByTestId('bulk-refused').locator('li').count()).resolves.toBe(2);
  await outcome.getByText('Moba nema dovoljno slobodnih mesta.').first().waitFor();
  await screenshots(page, 'admin-peak-bulk-outcome');
  await outcome.getByRole('button', { name: 'Zatvori' }).click();
  await page
    .getByText('Nijedna kandidatura na čekanju ne odgovara filterima.')
    .or(page.getByTestId('worker-application'))
    .first()
    .waitFor();

  const approved = await run.client.get(
    `/api/estates/vacancies/${vacancyId}/applicants/approved`,
    estate.auth,
  );
  expect((approved.body as { fullName: string }[]).map((a) => a.fullName)).toContain(names[0]);
  expect(approved.body).toHaveLength(2);
  await page.context().close();
});

test('matching help lists the workers available in the moba’s months, the nearest first, a guest is placed on the best-fitting moba, and the shortcut keys stay out of the filter fields', async () => {
  const { vacancyId, title } = await mobaTomorrow('Trgovište', 3);
  const month = Number((await productDay(run.client, 1)).slice(5, 7));
  const near = await registeredUser(run.client, 'worker', {
    lastName: `Blizu${unique()}`,
    municipality: 'Trgovište',
    availabilityMonths: [month],
  });
  const sameDistrict = await registeredUser(run.client, 'worker', {
    lastName: `Okrug${unique()}`,
    municipality: 'Vranje',
    availabilityMonths: [month],
  });
  await applicants(vacancyId, 1);
  const page = await adminAt(1280);

  await page.goto(`${run.product.url}/admin/tickets`);
  await page.getByRole('button', { name: /^Filteri/ }).click();
  const filters = page.getByTestId('queue-filters');
  await filters.getByLabel('Opština').fill('Trgoviste'); // typed without diacritics; "a" here is not a shortcut
  await expect(page.getByRole('dialog').count()).resolves.toBe(0);
  await filters.getByRole('button', { name: 'Primeni filtere' }).click();
  await page.waitForURL(/municipality=Trgoviste/);
  const row = page.getByTestId('queue-vacancy').filter({ hasText: title });
  await row.getByRole('link', { name: 'Nađi radnike' }).click();
  await page.waitForURL(`**/admin/mobas/${vacancyId}/workers`);
  const cards = page.getByTestId('worker-match');
  await cards.first().waitFor();
  const texts = await cards.allInnerTexts();
  const nearAt = texts.findIndex((t) => t.includes(near.lastName));
  const districtAt = texts.findIndex((t) => t.includes(sameDistrict.lastName));
  expect(nearAt).toBeGreaterThanOrEqual(0);
  expect(districtAt).toBeGreaterThan(nearAt);
  await cards.nth(nearAt).getByText('Ista opština').waitFor();
  await cards.nth(districtAt).getByText('Isti okrug').waitFor();
  await screenshots(page, 'admin-peak-matches');

  // A guest from the same municipality is placed on the best-fitting open moba from the suggestions.
  const guest = await run.client.post('/api/signup-guest', {
    firstName: 'Gost',
    lastName: `Blizu${unique()}`,
    phone: '0641112233',
    municipality: 'Trgovište',
  });
  await page.goto(`${run.product.url}/admin/${guest.body.id}/mobas`);
  const suggestion = page.getByTestId('suggested-choice').first();
  await suggestion.getByText(title).waitFor();
  await suggestion.getByText('Ista opština').waitFor();
  await suggestion.getByRole('radio').check();
  await page.getByRole('button', { name: 'Prihvati u izabranu mobu' }).click();
  await page.getByRole('dialog', { name: 'Prihvatanje gosta' }).getByTestId('confirm-action').click();
  await page.getByTestId('guest-accepted').getByText(title).waitFor();
  await page.context().close();
});

test('the statistics page draws the season per day and offers it as CSV; the tickets screen works at 360 px', async () => {
  const page = await adminAt(1280);
  await page.goto(`${run.product.url}/admin/stats`);
  await page.getByTestId('chart-applications').locator('svg').waitFor();
  await page.getByTestId('chart-waiting').locator('svg').waitFor();
  const download = page.waitForEvent('download');
  await page.getByTestId('daily-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^moba-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await file.createReadStream()).toArray();
  const csv = Buffer.concat(text as Buffer[]).toString('utf8');
  expect(csv.split('\r\n')[0]).toBe('date,applications,accepted,decided,wait_p50_minutes,wait_p90_minutes');
  expect(csv.split('\r\n').filter(Boolean)).toHaveLength(31);
  await screenshots(page, 'admin-peak-daily');
  await page.context().close();

  const phone = await adminAt(360);
  await phone.getByTestId('queue-health').waitFor();
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await phone.getByRole('button', { name: /Prečice/ }).click();
  await phone.getByTestId('shortcut-help').waitFor();
  await phone.context().close();
});
