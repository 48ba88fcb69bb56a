import WebSocket from 'ws';
import { notificationKeys } from '@moba/contracts';
import { simulateSeason, type Session } from '../scripts/season/simulate-season';
import { startDistributed } from './support/distributed';
import { ADMIN, loginAdmin } from './support/product';

/**
 * A whole season against `npm run start:distributed` (ten processes: two instances each of vacancy,
 * application and notification on Redis Streams, Redis fan-out and PostgreSQL), through the gateway
 * only, with the same simulator the embedded season test uses: sign-up, confirm by mail (the dev
 * mailbox), create, browse, apply, accept, finish (the dev clock, shared by every process), rate, and
 * the live push of each acceptance over the worker's WebSocket (the gateway spreads the sockets over
 * both notification instances; an acceptance handled by one reaches a socket on the other by fan-out).
 */
let product: Awaited<ReturnType<typeof startDistributed>> | undefined;
const sockets: WebSocket[] = [];
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await product?.stop();
}, 60_000);

function liveChannel(url: string, worker: Session) {
  const pushes: { content: { key: string } }[] = [];
  return new Promise<typeof pushes>((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/ws/${worker.userId}`);
    sockets.push(ws);
    ws.once('open', () => {
      ws.send(JSON.stringify({ token: worker.auth.authorization.slice('Bearer '.length) }));
      resolve(pushes);
    });
    ws.once('error', reject);
    ws.on('message', (data) => pushes.push(JSON.parse(data.toString())));
  });
}

test('a season on the distributed mode: sign-up, mail, mobas, browse, apply, accept, finish, rate, live push', async () => {
  product = await startDistributed();
  const { client, url } = product;
  const pushes = new Map<string, { content: { key: string } }[]>();
  const season = await simulateSeason(client, {
    estates: 2,
    workers: 6,
    mobasPerEstate: 2,
    seed: 5151,
    admin: ADMIN,
    finishJobs: true,
    beforeAccepting: async (workers) => {
      for (const worker of workers) pushes.set(worker.userId, await liveChannel(url, worker));
    },
  });
  expect(season.accepted).toBeGreaterThan(0);
  expect(season.ratings).toBeGreaterThan(0);

  const worker = season.workerSessions[0];
  const browse = await client.post('/api/workers/vacancies/open', {}, worker.auth);
  expect(browse.status).toBe(200);
  expect(browse.body.total).toBeGreaterThan(0);

  const admin = await loginAdmin(client);
  const stats = await client.get('/api/admin/stats', admin.auth);
  expect(stats.body).toMatchObject({ workers: 6, estates: 2, totalVacancies: 4 });

  // Every acceptance reached its worker live, once.
  const accepted = async (w: Session) => {
    const mine = [
      ...(await client.get('/api/workers/vacancies/my/active', w.auth)).body,
      ...(await client.get('/api/workers/vacancies/my/finished', w.auth)).body,
    ] as { application: { status: string } }[];
    return mine.filter((m) => m.application.status === 'Accepted').length;
  };
  const expected = await Promise.all(season.workerSessions.map(accepted));
  expect(expected.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  const received = () =>
    season.workerSessions.map(
      (w) =>
        pushes.get(w.userId)!.filter((p) => p.content.key === notificationKeys.applicationAccepted).length,
    );
  for (let i = 0; i < 100 && received().join() !== expected.join(); i++)
    await new Promise((r) => setTimeout(r, 100));
  expect(received()).toEqual(expected);

  const rated = await Promise.all(
    season.estateSessions.map((e) => client.get('/api/users/me/ratings', e.auth)),
  );
  expect(rated.some((r) => r.body.count > 0)).toBe(true);
}, 300_000);
