import { randomUUID } from 'node:crypto';
import { calendarDay, dayBefore, notificationKeys } from '@moba/contracts';
import { createStore, type DocumentStore } from '@moba/platform';
import { startCluster, type Cluster } from './resilience/support/cluster';
import { localInstant } from '../services/application/src/domain/work-days';

/**
 * Issue #31 point 7: 2,000 accepted workers over 100 mobas each get their confirmation request (the
 * in-app notification) at the estate's hour on the dev clock exactly once, also when a notification
 * instance is killed with SIGKILL and started again while the requests are being sent.
 *
 * The distributed mode's topology (test/resilience/support/cluster.ts: Redis Streams, PostgreSQL, two
 * instances each of application and notification). Seeded directly in the application service's
 * store (its vacancy replica and accepted applications, as acceptances leave them): 2,000 sign-ups
 * and acceptances through the API would take minutes and test other things. From there on all is
 * real: the dev clock moves to 18:00 Belgrade on the eve, both application instances sweep, the
 * requests go over the bus, both notification instances store and push them.
 */
const MOBAS = 100;
const PER_MOBA = 20;
const WORKERS = MOBAS * PER_MOBA;

let cluster: Cluster | undefined;
const stores: DocumentStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await cluster?.stop();
}, 60_000);

async function seed(store: DocumentStore, startDate: string, endDate: string) {
  type Doc = { _id: string } & Record<string, unknown>;
  const vacancies = await store.collection<Doc>('vacancies');
  const applications = await store.collection<Doc>('applications');
  const now = new Date().toISOString();
  const workerIds: string[] = [];
  for (let m = 0; m < MOBAS; m++) {
    const vacancyId = randomUUID();
    const ids = Array.from({ length: PER_MOBA }, () => ({
      applicationId: randomUUID(),
      workerId: randomUUID(),
    }));
    workerIds.push(...ids.map((i) => i.workerId));
    await vacancies.insertOne({
      _id: vacancyId,
      estateId: randomUUID(),
      estateName: `Imanje ${m}`,
      title: `Berba ${m}`,
      municipality: 'Arilje',
      startDate,
      endDate,
      status: 'Closed',
      deleted: false,
      totalPositions: PER_MOBA,
      freePositions: 0,
      groupLeadersAccepted: false,
      featured: false,
      createdAt: now,
      createdEventId: randomUUID(),
      claims: Object.fromEntries(ids.map((i) => [i.applicationId, 1])),
      transitions: {},
    });
    await Promise.all(
      ids.map(({ applicationId, workerId }) =>
        applications.insertOne({
          _id: applicationId,
          uniqueKey: `worker:${workerId}|${vacancyId}`,
          vacancyId,
          workerId,
          guestApplicationId: null,
          guest: false,
          peopleCount: 0,
          positions: 1,
          status: 'Accepted',
          note: null,
          submittedAt: now,
          decidedAt: now,
        }),
      ),
    );
  }
  return workerIds;
}

test('2,000 accepted workers over 100 mobas are asked once at 18:00, with a notification instance SIGKILLed mid-sending', async () => {
  cluster = await startCluster({ env: { CONFIRMATION_SWEEP_INTERVAL_MS: '500' } });
  const storeUrl = cluster.plan.instances.find((i) => i.service === 'application')!.env.STORE_URL!;
  const applicationStore = await createStore(storeUrl, 'application');
  const notificationStore = await createStore(storeUrl, 'notification');
  stores.push(applicationStore, notificationStore);

  const clockNow = Date.parse((await cluster.client.get('/api/dev/clock')).body.now);
  const startDate = calendarDay(new Date(clockNow + 20 * 86_400_000));
  const endDate = calendarDay(new Date(clockNow + 24 * 86_400_000));
  const workerIds = await seed(applicationStore, startDate, endDate);
  expect(new Set(workerIds).size).toBe(WORKERS);

  const notifications = await notificationStore.collection<{ _id: string; userId: string; key: string }>(
    'notifications',
  );
  const confirmations = await applicationStore.collection('confirmations');
  const asked = () => notifications.count({ key: notificationKeys.confirmationRequested });
  // A minute before the hour nobody has been asked.
  const eve = localInstant(dayBefore(startDate), '18:00').getTime();
  const before = Date.parse((await cluster.client.get('/api/dev/clock')).body.now);
  expect((await cluster.client.post('/api/dev/clock', { advanceMs: eve - 60_000 - before })).status).toBe(
    200,
  );
  expect(await confirmations.count({})).toBe(0);

  // 18:00 Belgrade on the eve: the sweeps of both application instances ask.
  const atMinute = Date.parse((await cluster.client.get('/api/dev/clock')).body.now);
  await cluster.client.post('/api/dev/clock', { advanceMs: eve - atMinute + 1000 });

  // Kill one notification instance once the requests are arriving, and start it again.
  const deadline = Date.now() + 300_000;
  let seenAtKill = 0;
  while ((seenAtKill = await asked()) === 0) {
    if (Date.now() > deadline) throw new Error('no confirmation request reached the notification service');
    await new Promise((r) => setTimeout(r, 50));
  }
  await cluster.kill('notification-1');
  await cluster.start('notification-1');

  // A loaded machine may take its time; only a stall (no new request for two minutes) fails the test.
  let count = 0;
  let progressAt = Date.now();
  for (let last = -1; (count = await asked()) < WORKERS; last = count) {
    if (count > last) progressAt = Date.now();
    if (Date.now() - progressAt > 120_000) throw new Error(`stalled at ${count} of ${WORKERS} requests`);
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(seenAtKill).toBeLessThan(WORKERS);
  expect(await confirmations.count({})).toBe(WORKERS);
  // Everything the application service had to publish has gone out; still exactly one each.
  const drained = Date.now() + 120_000;
  while ((await confirmations.count({ '_outbox.0': { $exists: true } })) > 0) {
    if (Date.now() > drained) throw new Error('requests still waiting in the outbox');
    await new Promise((r) => setTimeout(r, 200));
  }
  const rows = await notifications.findFields({ key: notificationKeys.confirmationRequested }, ['userId']);
  const perWorker = new Map<string, number>();
  for (const row of rows) perWorker.set(row.userId, (perWorker.get(row.userId) ?? 0) + 1);
  expect(rows).toHaveLength(WORKERS);
  expect(perWorker.size).toBe(WORKERS);
  expect([...perWorker.values()].every((n) => n === 1)).toBe(true);
  expect(workerIds.every((id) => perWorker.has(id))).toBe(true);
}, 900_000);
