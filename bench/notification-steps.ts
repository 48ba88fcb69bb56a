/**
 * bench/notification-steps: what each step of a notification costs on the distributed adapters (Redis
 * Streams, Redis pub/sub, PostgreSQL), handled one event at a time (the consumer before issue 32) and
 * in batches (now). Every step is the adapter's own call on a real Redis and PostgreSQL; rounds
 * alternate the ways, so each round compares them under the same load. Prints milliseconds per
 * notification for each step (median over rounds) and the ratio of the totals.
 *
 *   ROUNDS=5 EVENTS=200 BATCHES=5,20 npx tsx bench/notification-steps.ts
 *
 * One at a time, per event: the processed-events lookup, the title from the vacancy replica, the
 * notification insert, the SMS recipient lookup, the processed-events insert, PUBLISH, XACK (read
 * with XREADGROUP COUNT 1). In a batch of B, per batch: XREADGROUP COUNT B, one processed-events read,
 * one SMS-recipient read, one insertNew (notifications and processed ids, one statement), one PUBLISH
 * of the B pushes (Fanout.publishMany), one XACK. The title comes with the event.
 */
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { Client } from 'pg';
import {
  createStore,
  processedEventIndexes,
  type BaseDoc,
  type Collection,
  type DocumentStore,
} from '@moba/platform';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const EVENTS = Number(process.env.EVENTS ?? 200);
const BATCHES = (process.env.BATCHES ?? '5,20').split(',').map(Number);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://moba:moba@127.0.0.1:5432/moba_test';

const now = () => Number(process.hrtime.bigint()) / 1e6;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface Collections {
  processed: Collection<BaseDoc & { eventId: string }>;
  vacancies: Collection<BaseDoc & { title: string }>;
  notifications: Collection<BaseDoc>;
  recipients: Collection<BaseDoc & { enabled: boolean; phone: string | null }>;
}

/** Per-step time of one way of handling EVENTS events; ms summed per step. */
type Steps = Map<string, number>;

async function timed<T>(steps: Steps, step: string, run: () => Promise<T>): Promise<T> {
  const start = now();
  const result = await run();
  steps.set(step, (steps.get(step) ?? 0) + now() - start);
  return result;
}

function notification(eventId: string, workerId: string, vacancyId: string, title?: string) {
  return {
    _id: `${eventId}:${workerId}`,
    userId: workerId,
    key: 'applicationRejected',
    params: { vacancyId, ...(title ? { vacancyTitle: title } : {}), applicationId: randomUUID() },
    dateSent: new Date().toISOString(),
    actionButtonType: null,
    actionButtonParamIds: [],
    sourceEventId: eventId,
  };
}
const processedEntry = (eventId: string) => ({
  _id: `notification:application:${eventId}`,
  consumer: 'notification:application',
  eventId,
  processedAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 30 * 86_400_000),
});

async function fillStream(redis: Redis, stream: string, group: string, vacancyId: string) {
  await redis.xgroup('CREATE', stream, group, '$', 'MKSTREAM');
  const pipeline = redis.pipeline();
  for (let i = 0; i < EVENTS; i++) {
    const event = { id: randomUUID(), key: randomUUID(), data: { workerId: randomUUID(), vacancyId } };
    pipeline.xadd(stream, '*', 'key', event.key, 'event', JSON.stringify(event));
  }
  await pipeline.exec();
}

type Entry = [string, string[]];
const eventOf = (entry: Entry) =>
  JSON.parse(entry[1][3]) as { id: string; data: { workerId: string; vacancyId: string } };

async function oneAtATime(redis: Redis, c: Collections, stream: string, channel: string): Promise<Steps> {
  const steps: Steps = new Map();
  for (let i = 0; i < EVENTS; i++) {
    const read = (await timed(steps, 'read from the stream', () =>
      redis.xreadgroup('GROUP', 'g', 'bench', 'COUNT', 1, 'STREAMS', stream, '>'),
    )) as [string, Entry[]][];
    const entry = read[0][1][0];
    const event = eventOf(entry);
    await timed(steps, 'processed-events lookup', () =>
      c.processed.findOne({ _id: processedEntry(event.id)._id }),
    );
    const vacancy = await timed(steps, 'vacancy title lookup', () =>
      c.vacancies.findOne({ _id: event.data.vacancyId }),
    );
    const doc = notification(event.id, event.data.workerId, event.data.vacancyId, vacancy?.title);
    await timed(steps, 'notification insert', () => c.notifications.insertOne(doc));
    await timed(steps, 'fan-out PUBLISH', () => redis.publish(channel, JSON.stringify(doc)));
    await timed(steps, 'SMS: recipient lookup (and the title again)', async () => {
      await c.vacancies.findOne({ _id: event.data.vacancyId }); // smsApplicationRejected read the title again
      await c.recipients.findOne({ _id: event.data.workerId });
    });
    await timed(steps, 'processed-events insert', () => c.processed.insertOne(processedEntry(event.id)));
    await timed(steps, 'XACK', () => redis.xack(stream, 'g', entry[0]));
  }
  return steps;
}

async function inBatches(
  redis: Redis,
  store: DocumentStore,
  c: Collections,
  stream: string,
  channel: string,
  size: number,
): Promise<Steps> {
  const steps: Steps = new Map();
  for (let done = 0; done < EVENTS;) {
    const read = (await timed(steps, 'read from the stream', () =>
      redis.xreadgroup('GROUP', 'g', 'bench', 'COUNT', size, 'STREAMS', stream, '>'),
    )) as [string, Entry[]][];
    const entries = read[0][1];
    const events = entries.map(eventOf);
    await timed(steps, 'processed-events lookup', () =>
      c.processed.findFields({ _id: { $in: events.map((e) => processedEntry(e.id)._id) } }, ['eventId']),
    );
    await timed(steps, 'SMS: recipient lookup (and the title again)', () =>
      c.recipients.findFields({ _id: { $in: events.map((e) => e.data.workerId) } }, ['enabled', 'phone']),
    );
    const docs = events.map((e) => notification(e.id, e.data.workerId, e.data.vacancyId, 'Berba malina'));
    await timed(steps, 'notification insert', () =>
      store.insertNew([
        { collection: c.notifications.name, docs },
        { collection: c.processed.name, docs: events.map((e) => processedEntry(e.id)) },
      ]),
    );
    await timed(steps, 'fan-out PUBLISH', () =>
      redis.publish(channel, JSON.stringify(docs.map((doc) => ({ userId: doc.userId, message: doc })))),
    );
    await timed(steps, 'XACK', () => redis.xack(stream, 'g', ...entries.map((e) => e[0])));
    done += entries.length;
  }
  return steps;
}

async function main() {
  const prefix = `bench_steps_${randomUUID().slice(0, 8)}`;
  const store = await createStore(`${POSTGRES_URL}?schema=${prefix}`, 'notification');
  const redis = new Redis(REDIS_URL);
  const c: Collections = {
    processed: await store.collection('processed_events', { indexes: processedEventIndexes }),
    vacancies: await store.collection('vacancies'),
    notifications: await store.collection('notifications', { indexes: [{ fields: ['userId', 'dateSent'] }] }),
    recipients: await store.collection('sms_recipients'),
  };
  const vacancyId = randomUUID();
  await c.vacancies.insertOne({ _id: vacancyId, title: 'Berba malina' });
  const ways = ['one at a time', ...BATCHES.map((b) => `batches of ${b}`)];
  const results = new Map<string, Steps[]>(ways.map((w) => [w, []]));
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [i, way] of ways.entries()) {
        const stream = `${prefix}:${round}:${i}`;
        await fillStream(redis, stream, 'g', vacancyId);
        const steps =
          i === 0
            ? await oneAtATime(redis, c, stream, `${prefix}:fanout`)
            : await inBatches(redis, store, c, stream, `${prefix}:fanout`, BATCHES[i - 1]);
        results.get(way)!.push(steps);
        await redis.del(stream);
      }
      console.log(`round ${round} of ${ROUNDS} done`);
    }
    const stepNames = [
      ...new Set([...results.values()].flatMap((list) => list.flatMap((s) => [...s.keys()]))),
    ];
    const perEvent = (way: string, step: string) =>
      median(results.get(way)!.map((s) => (s.get(step) ?? 0) / EVENTS));
    const total = (way: string) =>
      median(results.get(way)!.map((s) => [...s.values()].reduce((a, b) => a + b, 0) / EVENTS));
    console.log(
      `\nms per notification (median of ${ROUNDS} rounds, ${EVENTS} events each), load ${(await import('node:os')).loadavg()[0].toFixed(1)}`,
    );
    console.log(`| step | ${ways.join(' | ')} |`);
    console.log(`|---|${ways.map(() => '---').join('|')}|`);
    for (const step of stepNames)
      console.log(`| ${step} | ${ways.map((w) => perEvent(w, step).toFixed(3)).join(' | ')} |`);
    console.log(`| **total** | ${ways.map((w) => total(w).toFixed(3)).join(' | ')} |`);
    for (const way of ways.slice(1))
      console.log(
        `one at a time / ${way}: ${(total(ways[0]) / total(way)).toFixed(1)}× the time per notification`,
      );
  } finally {
    redis.disconnect();
    await store.close();
    const pg = new Client({ connectionString: POSTGRES_URL });
    await pg.connect();
    await pg.query(`DROP SCHEMA IF EXISTS "${prefix}_notification" CASCADE`);
    await pg.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
