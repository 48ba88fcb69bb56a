import { eventually } from '@moba/platform/testing';
import { hideByReports, loginAdmin, mobaBody, registeredUser, startProduct } from './support/product';

/**
 * A moba hidden by reports takes no workers until an admin keeps it (issue #33): the application
 * service follows the vacancy service's review through VacancyReviewChanged, through the gateway only.
 */
let product: Awaited<ReturnType<typeof startProduct>>;
beforeAll(async () => {
  product = await startProduct({ PROMO_START: '2020-01-01', PROMO_END: '2099-12-31' });
}, 60_000);
afterAll(() => product.stop());

const api = () => product.client;
const HELD = 'APPLICATION.VACANCY_HELD';

test('a hidden moba refuses applications and acceptances with VACANCY_HELD; kept by the admin, it takes them again', async () => {
  const admin = await loginAdmin(api());
  const estate = await registeredUser(api(), 'estate');
  const created = await api().post(
    '/api/estates/vacancies/create',
    await mobaBody(api(), { title: 'Berba koju prijavljuju' }),
    estate.auth,
  );
  expect(created.status).toBe(201);
  const vacancyId = created.body.id as string;

  const waiting = await registeredUser(api(), 'worker');
  const applied = await eventually(
    async () => {
      const res = await api().post('/api/applications/create', { vacancyId }, waiting.auth);
      return res.status === 201 ? res : null;
    },
    'the application service knows the new moba',
    10_000,
  );
  const applicationId = applied.body.id as string;

  // Workers report it until the vacancy service hides it (however it weighs the reports).
  await hideByReports(api(), admin.auth, estate.auth, vacancyId);

  // Each try is a new worker, so an apply that got in before the hold reached the replica changes nothing.
  await eventually(
    async () => {
      const worker = await registeredUser(api(), 'worker');
      const res = await api().post('/api/applications/create', { vacancyId }, worker.auth);
      return res.status === 409 && res.body.error.code === HELD;
    },
    'the application service holds the hidden moba',
    15_000,
  );
  const refused = await api().post(`/api/admin/applications/${applicationId}/accept`, {}, admin.auth);
  expect(refused.status).toBe(409);
  expect(refused.body.error.code).toBe(HELD);

  const kept = await api().post(
    `/api/admin/vacancies/${vacancyId}/decide`,
    { decision: 'approve', note: 'Provereno: oglas je ispravan.' },
    admin.auth,
  );
  expect(kept.status).toBe(200);
  const accepted = await eventually(
    async () => {
      const res = await api().post(`/api/admin/applications/${applicationId}/accept`, {}, admin.auth);
      if (res.status !== 200) expect(res.body.error.code).toBe(HELD);
      return res.status === 200 ? res : null;
    },
    'the kept moba takes acceptances again',
    10_000,
  );
  expect(accepted.body.applicationId).toBe(applicationId);
  const newcomer = await registeredUser(api(), 'worker');
  expect((await api().post('/api/applications/create', { vacancyId }, newcomer.auth)).status).toBe(201);
}, 120_000);
