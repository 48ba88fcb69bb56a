import { eventually } from '@moba/platform/testing';
import type { ReviewQueueItem } from '@moba/contracts';
import { loginAdmin, mobaBody, productForFile, registeredUser } from './support/product';

/**
 * Issue #33: the vacancy service weighs a worker's report by the standing it learns from the auth and
 * application services' own events (registration, e-mail confirmation, applications, acceptances),
 * through the gateway as the web calls it.
 */
const { api } = productForFile();
type Session = Awaited<ReturnType<typeof registeredUser>>;

async function createMoba(estate: Session): Promise<string> {
  const response = await api().post('/api/estates/vacancies/create', await mobaBody(api()), estate.auth);
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
  return response.body.id as string;
}

test('a worker who confirmed the e-mail and was accepted on a moba nearby reports with that weight', async () => {
  const admin = await loginAdmin(api());
  const estate = await registeredUser(api(), 'estate');
  const worker = await registeredUser(api(), 'worker');
  const worked = await createMoba(estate);
  const applied = await api().post('/api/applications/create', { vacancyId: worked }, worker.auth);
  expect(applied.status).toBe(201);
  await eventually(
    async () =>
      (await api().post(`/api/admin/applications/${applied.body.id}/accept`, {}, admin.auth)).status === 200,
    'the admin accepts (the vacancy replica may lag a moment)',
    10_000,
  );

  // The standing reaches the vacancy service by event a moment later; a report is weighed when it is
  // made, so report fresh mobas until one carries all of it.
  const item = await eventually(
    async () => {
      const id = await createMoba(estate);
      const reported = await api().post(
        `/api/workers/vacancies/${id}/report`,
        { reason: 'other' },
        worker.auth,
      );
      expect(reported.status).toBe(201);
      const queue = (await api().post('/api/admin/vacancies/review', {}, admin.auth))
        .body as ReviewQueueItem[];
      const found = queue.find((v) => v.id === id);
      return found?.reportList[0]?.signals?.length === 3 ? found : null;
    },
    'a report weighed with the standing from the events',
    15_000,
  );
  expect(item.reportList[0]).toMatchObject({
    weight: 6,
    signals: ['email_confirmed', 'applied_nearby', 'worked'],
    counted: true,
  });
  expect(item.review).toMatchObject({ state: 'reported', reports: 1, weight: 6, hidden: false });
  expect(item.weightToHide).toBe(10);
});
