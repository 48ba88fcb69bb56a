/**
 * A moba hidden by reports while a worker has its apply dialog open (issue #33): applying is refused
 * and the dialog says why, in the reader's language, instead of a bare "application error".
 */
import { hideByReports, mobaBody, registeredUser } from '../../../test/support/product';
import { runProductBrowserAndAdmin, eventually, type Session, useSessionIn, type Script } from './helpers';

jest.setTimeout(120_000);

const run = runProductBrowserAndAdmin({ pagePerTest: true });

const signIn = (session: Session, language: Script) =>
  useSessionIn(run.page, run.product.url, session, { language });

/** Workers report the moba until the vacancy service hides it, then until the application service holds it. */
async function holdByReports(estate: Session, vacancyId: string) {
  await hideByReports(run.client, run.admin.auth, estate.auth, vacancyId);
  return eventually(async () => {
    const probe = await registeredUser(run.client, 'worker');
    const res = await run.client.post('/api/applications/create', { vacancyId }, probe.auth);
    return res.status === 409 && res.body.error.code === 'APPLICATION.VACANCY_HELD' ? res : null;
  }, 'the application service holds the hidden moba');
}

test('the apply dialog of a moba hidden meanwhile says it is held for review, in Serbian and in English', async () => {
  const estate = await registeredUser(run.client, 'estate');
  const worker = await registeredUser(run.client, 'worker');
  const title = `Sklonjena ${Date.now().toString(36)}`;
  const created = await run.client.post(
    '/api/estates/vacancies/create',
    await mobaBody(run.client, { title }),
    estate.auth,
  );
  expect(created.status).toBe(201);

  await signIn(worker, 'sr-Latn');
  await run.page.goto(`${run.product.url}/worker/mobas`);
  await run.page
    .getByTestId('vacancy-card')
    .filter({ hasText: title })
    .getByRole('button', { name: 'Detalji i konkurisanje' })
    .click();
  const details = run.page.getByTestId('vacancy-details');
  await details.getByRole('button', { name: 'Konkuriši' }).waitFor();

  const refusal = await holdByReports(estate, created.body.id as string);
  await details.getByRole('button', { name: 'Konkuriši' }).click();
  await details
    .getByRole('alert')
    .getByText('Moba je privremeno sklonjena radi provere i sada ne prima kandidature.')
    .waitFor();

  // The same refusal, as the server worded it above, read by an English reader.
  await signIn(worker, 'en');
  await run.page.route('**/api/applications/create', (route) =>
    route.fulfill({ status: 409, contentType: 'application/json', body: refusal.text }),
  );
  const other = await run.client.post(
    '/api/estates/vacancies/create',
    await mobaBody(run.client, { title: `${title} B` }),
    estate.auth,
  );
  expect(other.status).toBe(201);
  await run.page.goto(`${run.product.url}/worker/mobas`);
  await run.page
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
