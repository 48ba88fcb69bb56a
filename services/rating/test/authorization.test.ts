import { randomUUID } from 'node:crypto';
import { startRating, type World } from './support';

let world: World;
beforeAll(async () => {
  world = await startRating();
});
afterAll(() => world.stop());

type Caller =
  | 'visitor'
  | 'bad token'
  | 'worker of the vacancy'
  | 'worker not in the vacancy'
  | 'estate of the vacancy'
  | 'another estate'
  | 'admin';

interface Job {
  estate: { id: string; auth: Record<string, string> };
  vacancyId: string;
  worker: { id: string; auth: Record<string, string> };
}

/** Every route of the rating service, called on a fresh Finished job. */
const routes: Record<
  string,
  (job: Job, headers: Record<string, string>) => ReturnType<World['client']['get']>
> = {
  'GET /workers/vacancy/:id/estate/for-rating': (job, h) =>
    world.client.get(`/workers/vacancy/${job.vacancyId}/estate/for-rating`, h),
  'POST /users/:id/rate/estate': (job, h) =>
    world.client.post(`/users/${job.estate.id}/rate/estate`, { grade: 5, vacancyId: job.vacancyId }, h),
  'GET /estates/vacancy/:id/workers/for-rating': (job, h) =>
    world.client.get(`/estates/vacancy/${job.vacancyId}/workers/for-rating`, h),
  'POST /users/:id/rate/worker': (job, h) =>
    world.client.post(`/users/${job.worker.id}/rate/worker`, { grade: 5, vacancyId: job.vacancyId }, h),
  'POST /users/rate/workers': (job, h) =>
    world.client.post(
      '/users/rate/workers',
      { vacancyId: job.vacancyId, ratings: [{ workerId: job.worker.id, grade: 5 }] },
      h,
    ),
  'GET /users/me/ratings': (_job, h) => world.client.get('/users/me/ratings', h),
};

async function headersOf(caller: Caller, job: Job): Promise<Record<string, string>> {
  switch (caller) {
    case 'visitor':
      return {};
    case 'bad token':
      return { authorization: 'Bearer not.a.token' };
    case 'worker of the vacancy':
      return job.worker.auth;
    case 'worker not in the vacancy':
      return (await world.user('Worker')).auth;
    case 'estate of the vacancy':
      return job.estate.auth;
    case 'another estate':
      return (await world.user('Estate')).auth;
    case 'admin':
      return (await world.user('Admin')).auth;
  }
}

const worker = ['GET /workers/vacancy/:id/estate/for-rating', 'POST /users/:id/rate/estate'];
const estate = [
  'GET /estates/vacancy/:id/workers/for-rating',
  'POST /users/:id/rate/worker',
  'POST /users/rate/workers',
];
const me = 'GET /users/me/ratings';

/** [route, caller, status, code?] */
const matrix: [string, Caller, number, string?][] = [
  ...Object.keys(routes).flatMap((r): [string, Caller, number, string][] => [
    [r, 'visitor', 401, 'UNAUTHENTICATED'],
    [r, 'bad token', 401, 'UNAUTHENTICATED'],
    [r, 'admin', 403, 'FORBIDDEN'],
  ]),
  ...worker.flatMap((r): [string, Caller, number, string?][] => [
    [r, 'worker of the vacancy', r.startsWith('GET') ? 200 : 201],
    [r, 'worker not in the vacancy', 403, 'RATING.NOT_A_PARTICIPANT'],
    [r, 'estate of the vacancy', 403, 'FORBIDDEN'],
    [r, 'another estate', 403, 'FORBIDDEN'],
  ]),
  ...estate.flatMap((r): [string, Caller, number, string?][] => [
    [r, 'estate of the vacancy', r.startsWith('GET') ? 200 : 201],
    [r, 'another estate', 403, 'RATING.NOT_VACANCY_OWNER'],
    [r, 'worker of the vacancy', 403, 'FORBIDDEN'],
    [r, 'worker not in the vacancy', 403, 'FORBIDDEN'],
  ]),
  [me, 'worker of the vacancy', 200],
  [me, 'worker not in the vacancy', 200],
  [me, 'estate of the vacancy', 200],
  [me, 'another estate', 200],
];

describe('authorization of every rating route', () => {
  // Rows always have 4 entries: jest would take a missing 4th argument for a done callback.
  test.each(matrix.map(([r, c, s, code]) => [r, c, s, code ?? ''] as const))(
    '%s as %s answers %i %s',
    async (route, caller, status, code) => {
      const { estate: owner, vacancyId, workers } = await world.finishedJob(1);
      const job = { estate: owner, vacancyId, worker: workers[0] };
      const res = await routes[route](job, await headersOf(caller, job));
      expect(res.status).toBe(status);
      if (code) expect(res.body.error.code).toBe(code);
    },
  );

  test('every route is in the matrix for every kind of caller it may face', () => {
    for (const route of Object.keys(routes)) {
      const callers = new Set(matrix.filter(([r]) => r === route).map(([, c]) => c));
      expect(callers.size).toBeGreaterThanOrEqual(7);
    }
  });

  test("an estate cannot rate a worker of its vacancy as if it were another estate's worker (IDOR by path id)", async () => {
    const { estate: owner, vacancyId } = await world.finishedJob(1);
    const elsewhere = await world.finishedJob(1);
    const res = await world.client.post(
      `/users/${elsewhere.workers[0].id}/rate/worker`,
      { grade: 1, vacancyId },
      owner.auth,
    );
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('RATING.NOT_A_PARTICIPANT');
  });

  test("a worker cannot read the rating view of another worker's vacancy by guessing its id", async () => {
    const stranger = await world.user('Worker');
    const res = await world.client.get(`/workers/vacancy/${randomUUID()}/estate/for-rating`, stranger.auth);
    expect(res.status).toBe(404);
  });
});
