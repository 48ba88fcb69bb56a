import { eventually, type TestClient } from '@moba/platform/testing';
import { mobaBody, registeredUser } from './product';

type Auth = Record<string, string>;

/**
 * Standby (issue #31) as its users call it through the gateway: a moba with two places, two workers
 * accepted and one waiting; one cancels with a reason, the estate removes the other, the one waiting
 * takes the freed place; the worker reads their reliability.
 */
export async function exerciseStandby(client: TestClient, estate: Auth, admin: Auth) {
  const moba = await client.post(
    '/api/estates/vacancies/create',
    await mobaBody(client, { numberOfWorkers: 2 }, 10, 3),
    estate,
  );
  const vacancyId = moba.body.id as string;
  const [leaving, removed, waiting] = [
    await registeredUser(client, 'worker'),
    await registeredUser(client, 'worker'),
    await registeredUser(client, 'worker'),
  ];
  const apply = (worker: { auth: Auth }) =>
    eventually(
      async () => {
        const res = await client.post('/api/applications/create', { vacancyId }, worker.auth);
        return res.status === 201 ? (res.body.id as string) : null;
      },
      'applied (the vacancy replica may lag a moment)',
      10_000,
    );
  const waitingId = await apply(waiting);
  const leavingId = await apply(leaving);
  const removedId = await apply(removed);
  for (const id of [leavingId, removedId])
    await client.post(`/api/admin/applications/${id}/accept`, {}, admin);
  await client.post(`/api/workers/applications/${leavingId}/cancel`, { reason: 'sick' }, leaving.auth);
  await client.post(`/api/estates/applications/${removedId}/remove`, { reason: 'not-needed' }, estate);
  await eventually(
    async () =>
      (await client.post(`/api/workers/applications/${waitingId}/take-place`, {}, waiting.auth)).status ===
      200,
    'the waiting worker takes the freed place (the offer follows by event)',
    10_000,
  );
  await client.get('/api/workers/me/reliability', leaving.auth);
}
