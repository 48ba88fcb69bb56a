import { hostname } from 'node:os';
import Redis from 'ioredis';
import { JOB_ALERT_SMS_PER_DAY, notificationKeys, topics, UserRegistered } from '@moba/contracts';
import { createBus, createLogger, createStore, createTokenSigner, ensureKeyPair } from '@moba/platform';
import { eventually, testClient } from '@moba/platform/testing';
import { socketHolder } from '../../../bench/src/hold-sockets';
import { endOfQuietHours } from '../../../services/notification/src/domain/quiet-hours';
import { JOB_ALERTS_GROUP } from '../../../services/notification/src/messaging/job-alert-subscriptions';
import type { JobAlertSmsCountDoc } from '../../../services/notification/src/job-alerts/job-alert-store';
import type { SmsOutboxDoc } from '../../../services/notification/src/sms/sms-store';
import type { NotificationDoc } from '../../../services/notification/src/store';
import { mobaBody, productDay, registeredUser } from '../../support/product';
import type { Cluster } from './cluster';

/**
 * A burst of job alerts on the distributed mode (issue #32 point 3), shared by
 * test/resilience/alert-burst.test.ts (a few hundred workers) and bench/alert-burst.ts (10,000):
 * workers whose alerts match one moba, one socket each spread over both notification instances, the
 * moba published through the gateway, and what every worker got, stored and live. The notification
 * instance handling the moba can be SIGKILLed mid-burst and started again.
 *
 * Workers are not signed up through the gateway (a hundred sign-ups cost a minute here): each is a
 * UserRegistered event on the bus, as auth publishes it, and a session token signed with the run's
 * key, as auth signs it at login. From there everything is the product's own path.
 */

export const NOTIFICATION_INSTANCES = ['notification-1', 'notification-2'];
const MOBA_CROP = 'kupina';
const JOB_ALERT_KEY = notificationKeys.jobAlert;
const OTHER_CROP = 'visnja';

export interface BurstWorker {
  userId: string;
  token: string;
  auth: Record<string, string>;
  phone: string;
  /** Their alert matches the moba (a few ask for another crop only). */
  matches: boolean;
  /** The crops their alert asks for (none: any crop). */
  cultures: string[];
  /** Opted in to SMS (START from their phone). */
  sms: boolean;
  /** The notification instance their socket is on. */
  instance: string;
}

const now = () => Number(process.hrtime.bigint()) / 1e6;
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** The notification service's store of the run, read as the service reads it. */
export async function notificationStoreOf(cluster: Cluster) {
  const store = await createStore(cluster.plan.instances[0].env.STORE_URL, 'notification');
  return {
    store,
    notifications: await store.collection<NotificationDoc>('notifications'),
    jobAlerts: await store.collection<{ _id: string }>('job_alerts'),
    smsOutbox: await store.collection<SmsOutboxDoc>('sms_outbox'),
    smsCounts: await store.collection<JobAlertSmsCountDoc>('job_alert_sms_counts'),
    alertMobas: await store.collection<{ _id: string; toldAt?: string }>('job_alert_mobas'),
  };
}
export type NotificationStoreView = Awaited<ReturnType<typeof notificationStoreOf>>;

/**
 * `count` workers in the moba's municipality, available in `months`: a few (every 20th) want only
 * another crop and must hear nothing; every `smsEvery`-th opts in to SMS and texts START.
 */
export async function seedWorkers(
  cluster: Cluster,
  view: NotificationStoreView,
  { count, months, smsEvery }: { count: number; months: number[]; smsEvery: number },
): Promise<BurstWorker[]> {
  const signer = createTokenSigner(ensureKeyPair(cluster.plan.keysDir).privateKeyPem);
  const bus = await createBus(
    cluster.plan.instances[0].env.EVENT_BUS_URL,
    'alert-burst',
    createLogger('alert-burst', 'error'),
  );
  const workers: BurstWorker[] = [];
  const base = (Date.now() % 1_000) * 10_000;
  try {
    for (let i = 0; i < count; i++) {
      const userId = crypto.randomUUID();
      const token = await signer.sign(
        { id: userId, role: 'Worker', fullName: `Berač ${i}`, tokenVersion: 0 },
        24 * 3600, // the kill run may move the dev clock into the night
      );
      const matches = i % 20 !== 19;
      workers.push({
        userId,
        token,
        auth: { authorization: `Bearer ${token}` },
        phone: `+38164${String((base + i) % 10_000_000).padStart(7, '0')}`,
        matches,
        cultures: matches ? (i % 2 ? [MOBA_CROP] : []) : [OTHER_CROP],
        sms: i % smsEvery === 0,
        instance: NOTIFICATION_INSTANCES[i % NOTIFICATION_INSTANCES.length],
      });
    }
    // Those who turn SMS on first: the notification service learns their phones from its main consumer
    // group, which handles sign-ups one after the other.
    const smsFirst = [...workers.filter((w) => w.sms), ...workers.filter((w) => !w.sms)];
    await inParallel(smsFirst, 50, (w) =>
      bus.publish(
        topics.auth,
        UserRegistered.create(w.userId, {
          userId: w.userId,
          role: 'Worker',
          email: `${w.userId}@example.rs`,
          fullName: 'Berač Berić',
          firstName: 'Berač',
          lastName: 'Berić',
          phone: w.phone,
          region: 'RS',
          municipality: 'Arilje',
          groupLeader: false,
          groupSize: 0,
          availabilityMonths: months,
          cultures: w.cultures,
          language: 'sr',
          registeredAt: new Date().toISOString(),
        }),
      ),
    );
  } finally {
    await bus.close();
  }
  await eventually(
    async () => (await view.jobAlerts.count({})) >= count,
    `${count} job alerts filed`,
    30 * 60_000,
  );
  const client = cluster.client; // retries a 502/503/504 of a starved instance, as the app does
  await inParallel(
    workers.filter((w) => w.sms),
    20,
    async (w) => {
      // The phone comes with UserRegistered to the notification service's main consumer group.
      await eventually(
        async () => (await client.get('/api/sms/settings', w.auth)).body?.phone === w.phone,
        `the phone of ${w.userId} known to the notification service`,
        10 * 60_000,
      );
      const on = await client.put('/api/sms/settings', { enabled: true }, w.auth);
      const start = await client.post('/dev/sms/reply', { from: w.phone, text: 'START' });
      const settings = await client.get('/api/sms/settings', w.auth);
      if (!settings.body?.enabled || !settings.body?.phoneProven)
        throw new Error(
          `SMS not on for ${w.phone}: ${on.status} ${on.text} / ${start.status} ${start.text} / ${settings.text}`,
        );
    },
  );
  return workers;
}

async function openSocketsOf(cluster: Cluster, instance: string) {
  const metrics = await fetch(`${cluster.urlOf(instance)}/metrics`).then((r) => r.text());
  return Number(/^moba_notification_open_sockets(?:\{[^}]*\})? (\d+)/m.exec(metrics)?.[1] ?? 0);
}

/** One socket per worker, straight to its notification instance, reconnecting as the app does. */
export async function holdWorkerSockets(cluster: Cluster, workers: BurstWorker[]) {
  const holder = await socketHolder();
  const sockets = workers.map((w) => ({
    url: `${cluster.urlOf(w.instance).replace('http://', 'ws://')}/ws/${w.userId}`,
    token: w.token,
    reconnect: true,
  }));
  await holder.ask({ cmd: 'open', sockets }, 'opened');
  const greeted = async () => {
    const counts = await Promise.all(NOTIFICATION_INSTANCES.map((i) => openSocketsOf(cluster, i)));
    return counts.reduce((a, b) => a + b, 0) >= workers.length;
  };
  await eventually(greeted, `${workers.length} sockets greeted`, 10 * 60_000);
  return {
    greeted,
    /** Per worker, when each job alert of the moba reached their socket (monotonic ms). */
    alertPushes: async (vacancyId: string) =>
      (
        await holder.ask<{ pushes: { at: number; key?: string; vacancyId?: unknown }[][] }>(
          { cmd: 'pushes' },
          'pushed',
        )
      ).pushes.map((mine) =>
        mine.filter((p) => p.key === JOB_ALERT_KEY && p.vacancyId === vacancyId).map((p) => p.at),
      ),
    counts: () =>
      holder.ask<{ open: number; closed: number; reconnected: number }>({ cmd: 'count' }, 'counted'),
    close: () => holder.child.send({ cmd: 'close' }),
  };
}
export type WorkerSockets = Awaited<ReturnType<typeof holdWorkerSockets>>;

/** The months a moba starting `startIn` days from the product's today runs in (for the workers' alerts). */
export async function mobaMonths(cluster: Cluster, startIn = 2, days = 3) {
  const client = testClient(cluster.url);
  const first = Number((await productDay(client, startIn)).slice(5, 7));
  const last = Number((await productDay(client, startIn + days - 1)).slice(5, 7));
  return [...new Set([first, last])];
}

export async function signUpEstate(cluster: Cluster) {
  return registeredUser(cluster.client, 'estate');
}

/** Publishes an Open moba through the gateway, as an estate does; `t0` is taken just before. */
export async function publishMoba(
  cluster: Cluster,
  estate: { auth: Record<string, string> },
  places: number,
) {
  const client = cluster.client;
  const body = await mobaBody(client, { numberOfWorkers: places, crops: [MOBA_CROP] });
  const t0 = now();
  const created = await client.post('/api/estates/vacancies/create', body, estate.auth);
  if (created.status !== 201) throw new Error(`moba not created: ${created.status} ${created.text}`);
  return { vacancyId: created.body.id as string, t0, places };
}

const alertSource = (vacancyId: string) => `jobAlert:${vacancyId}`;

/** The notification process whose consumer holds the moba's event (pending in the job alerts group). */
async function handlerOf(cluster: Cluster): Promise<string | undefined> {
  const redisUrl = new URL(cluster.plan.instances[0].env.EVENT_BUS_URL);
  redisUrl.search = '';
  const redis = new Redis(redisUrl.toString());
  try {
    const [, , , consumers] = (await redis.xpending(
      `${cluster.runId}:${topics.vacancy}`,
      JOB_ALERTS_GROUP,
    )) as [number, string, string, [string, string][] | null];
    const pids = new Map([...cluster.pids()].map(([name, pid]) => [pid, name]));
    const here = `-${hostname()}-`;
    for (const [consumer] of consumers ?? []) {
      const pid = Number(consumer.slice(consumer.indexOf(here) + here.length).split('-')[0]);
      if (pids.has(pid)) return pids.get(pid);
    }
    return undefined;
  } finally {
    redis.disconnect();
  }
}

/**
 * Waits until `afterStored` alerts of the moba are stored, SIGKILLs the notification instance handling
 * it and starts it again. Resolves what was stored when it died, or `finished` if the burst ended first.
 */
export async function killMidBurst(
  cluster: Cluster,
  view: NotificationStoreView,
  vacancyId: string,
  { afterStored, matched }: { afterStored: number; matched: number },
) {
  const stored = () => view.notifications.count({ sourceEventId: alertSource(vacancyId) });
  for (;;) {
    const count = await stored();
    if (count >= matched) return { finished: true as const, storedAtKill: count };
    if (count >= afterStored) {
      const victim = await handlerOf(cluster);
      if (victim) {
        await cluster.kill(victim);
        const storedAtKill = await stored();
        await cluster.start(victim);
        return { finished: false as const, victim, storedAtKill };
      }
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Waits until the moba has told every worker (its `toldAt` is written after the last SMS is queued). */
export async function burstDone(view: NotificationStoreView, vacancyId: string, timeoutMs: number) {
  await eventually(
    async () => (await view.alertMobas.findOne({ _id: vacancyId }))?.toldAt,
    `every worker told of ${vacancyId}`,
    timeoutMs,
  );
}

/** What each worker got of one moba: stored alerts, live pushes (`live`: from alertPushes), SMS queued. */
export async function burstOutcome(
  view: NotificationStoreView,
  workers: BurstWorker[],
  moba: { vacancyId: string; t0: number },
  live: number[][],
) {
  const stored = new Map<string, number>();
  for (const doc of await view.notifications.findFields({ sourceEventId: alertSource(moba.vacancyId) }, [
    'userId',
  ]))
    stored.set(doc.userId, (stored.get(doc.userId) ?? 0) + 1);
  const matched = workers.filter((w) => w.matches);
  const latencies = workers
    .flatMap((w, i) => (w.matches && live[i].length ? [live[i][0] - moba.t0] : []))
    .sort((a, b) => a - b);
  const sms = (await view.smsOutbox.find({ kind: 'jobAlert' })).filter((doc) =>
    doc._id.startsWith(`${alertSource(moba.vacancyId)}:`),
  );
  return {
    matched: matched.length,
    notMatching: workers.length - matched.length,
    storedOnce: matched.filter((w) => stored.get(w.userId) === 1).length,
    lost: matched.filter((w) => !stored.has(w.userId)).length,
    doubled: matched.filter((w) => (stored.get(w.userId) ?? 0) > 1).length,
    storedForOthers: workers.filter((w) => !w.matches && stored.has(w.userId)).length,
    receivedLive: workers.filter((w, i) => w.matches && live[i].length > 0).length,
    pushedTwice: live.filter((times) => times.length > 1).length,
    pushedToOthers: workers.filter((w, i) => !w.matches && live[i].length > 0).length,
    notPushed: workers.flatMap((w, i) => (w.matches && live[i].length === 0 ? [w] : [])),
    latencies,
    smsQueued: sms.length,
    smsInQuietHours: sms.filter(
      (doc) => endOfQuietHours(new Date(doc.nextAttemptAt)).getTime() !== Date.parse(doc.nextAttemptAt),
    ).length,
    smsAboveCap: (await view.smsCounts.find({})).filter((c) => c.count > JOB_ALERT_SMS_PER_DAY).length,
    smsWorkersMatched: matched.filter((w) => w.sms).length,
  };
}
export type BurstOutcome = Awaited<ReturnType<typeof burstOutcome>>;

/** Reads each worker's panel through the gateway: how many alerts of the moba it lists (the app after a reconnect). */
export async function alertsInPanels(cluster: Cluster, workers: BurstWorker[], vacancyId: string) {
  const client = cluster.client;
  const listed: number[] = [];
  await inParallel(workers, 20, async (w) => {
    const panel = await client.get('/api/notifications/all', w.auth);
    const items = (panel.body ?? []) as { content: { key: string; params: Record<string, unknown> } }[];
    listed.push(
      items.filter(
        (n) => n.content.key === 'notification.jobAlert' && n.content.params.vacancyId === vacancyId,
      ).length,
    );
  });
  return listed;
}
