/**
 * A moba hidden by reports while a worker has its apply dialog open (issue #33): applying is refused
 * and the dialog says why, in the reader's language, instead of a bare "application error".
 */
import type { Page } from 'playwright-core';
import type { TestClient } from '@moba/platform/testing';
import { hideByReports, mobaBody, registeredUser } from '../../../test/support/product';
import {
  runProductBrowserAndAdmin,
  type Product,
  eventually,
  type Session,
  useSessionIn,
  type Script,
} from './helpers';

jest.setTimeout(120_000);

let product: Product;
let client: TestClient;
let page: Page;
let admin: Record<string, string>;

runProductBrowserAndAdmin(
  (run) =>
    ({
      product,
      client,
      page,
      admin: { auth: admin },
    } = run),
  {
    pagePerTest: true,
  },
);

const signIn = (session: Session, language: Script) => useSessionIn(page, product.url, session, { language });

/** Workers report the moba until the vacancy service hides it, then until the application service holds it. */
async function holdByReports(estate: Session, vacancyId: string) {
  await hideByReports(client, admin, estate.auth, vacancyId);
  return eventually(async () => {
    const probe = await registeredUser(client, 'worker');
    const res = await client.post('/api/applications/create', { vacancyId }, probe.auth);
    return res.status === 409 && res.body.error.code === 'APPLICATION.VACANCY_HELD' ? res : null;
  }, 'the application service holds the hidden moba');
}

test('the apply dialog of a moba hidden meanwhile says it is held for review, in Serbian and in English', async () => {
  const estate = await registeredUser(client, 'estate');
  const worker = await registeredUser(client, 'worker');
  const title = `Sklonjena ${Date.now().toString(36)}`;
  const created = await client.post(
    '/api/estates/vacancies/create',
    await mobaBody(client, { title }),
    estate.auth,
  );
  expect(created.status).toBe(201);

  await signIn(worker, 'sr-Latn');
  await page.goto(`${product.url}/worker/mobas`);
  await page
    .getByTestId('vacancy-card')
    .filter({ hasText: title })
    .getByRole('button', { name: 'Detalji i konkurisanje' })
    .click();
  const details = page.getByTestId('vacancy-details');
  await details.getByRole('button', { name: 'Konkuriši' }).waitFor();

  const refusal = await holdByReports(estate, created.body.id as string);
  await details.getByRole('button', { name: 'Konkuriši' }).click();
  await details
    .getByRole('alert')
    .getByText('Moba je privremeno sklonjena radi provere i sada ne prima kandidature.')
    .waitFor();

  // The same refusal, as the server worded it above, read by an English reader.
  await signIn(worker, 'en');
  await page.route('**/api/applications/create', (route) =>
    route.fulfill({ status: 409, contentType: 'application/json', body: refusal.text }),
  );
  const other = await client.post(
    '/api/estates/vacancies/create',
    await mobaBody(client, { title: `${title} B` }),
    estate.auth,
  );
  expect(other.status).toBe(201);
  await page.goto(`${product.url}/worker/mobas`);
  await page
    .getByTestId('vacancy-card')
    .filter({ hasText: `${title} B` })
    .getByRole('button', { name: 'Details and apply' })
    .click();
  await details.getByRole('button', { name: 'Apply' }).click();
  await details
    .getByRole('alert')
    .getByText('This moba is on hold for a review and takes no applications for now.')
    .waitFor();
});
