import { Writable } from 'node:stream';
import pino from 'pino';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { defineEvent, topics } from '@moba/contracts';
import { z } from 'zod';
import {
  createAdjustableClock,
  createHttpApp,
  createMemoryBus,
  createNedbStore,
  createOutboxRelay,
  processMetrics,
  startTracing,
  withEvents,
  type BaseDoc,
  type EventBus,
  type Tracing,
  type WithOutbox,
} from '../src';
import { observedBus } from '../src/bus/observed-bus';
import { startForTest, eventually, type TestClient } from '../src/testing';
import { serviceLifecycle } from '../src/service-kit';

/** A logger whose lines the test reads. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const seriesValue = (text: string, pattern: RegExp) => {
  const match = text.match(pattern);
  return match ? Number(match[1]) : undefined;
};

describe('what a service shows an operator: latency per route, access logs, process and outbox metrics', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  const { logger, lines } = capturedLogger();
  let client: TestClient;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    tracing = startTracing('observability-test', { exporter });
    const app = createHttpApp({
      name: 'things',
      logger,
      routes: (app) => {
        app.get('/things/:id', (req, res) => {
          res.json({ id: req.params.id });
        });
      },
    });
    ({ client, stop } = await startForTest(serviceLifecycle(app, {})));
  });
  afterAll(async () => {
    await stop();
    await tracing.shutdown();
  });

  it('times answers under the route pattern, never the raw path, and leaves scrapes and probes out', async () => {
    for (const id of ['42', '43', '44']) expect((await client.get(`/things/${id}`)).status).toBe(200);
    expect((await client.get('/nowhere')).status).toBe(404);
    await client.get('/healthz');
    const text = (await client.get('/metrics')).text;
    expect(
      seriesValue(
        text,
        /^moba_http_request_duration_seconds_count\{service="things",method="GET",route="\/things\/:id",status="2xx"\} (\d+)$/m,
      ),
    ).toBe(3);
    expect(text).toMatch(
      /^moba_http_request_duration_seconds_count\{service="things",method="GET",route="\(unmatched\)",status="4xx"\} 1$/m,
    );
    expect(text).not.toMatch(/route="\/things\/4\d"/);
    expect(text).not.toMatch(/route="\/healthz"/);
    expect(text).not.toMatch(/route="\/metrics"/);
  });

  it("carries prom-client's process and event-loop metrics", async () => {
    const text = (await client.get('/metrics')).text;
    expect(text).toMatch(/^# TYPE nodejs_eventloop_lag_p99_seconds gauge$/m);
    expect(text).toMatch(/^# TYPE process_cpu_seconds_total counter$/m);
    expect(text).toMatch(/^# TYPE nodejs_heap_size_used_bytes gauge$/m);
  });

  it('logs each answer at info with its route, status, request id and trace id (probes are not logged)', async () => {
    const answer = await client.get('/things/7', { 'x-request-id': 'req-access-log-7' });
    expect(answer.status).toBe(200);
    const line = await eventually(
      async () => lines.find((l) => l.access && l.requestId === 'req-access-log-7'),
      'the access log line',
    );
    expect(line).toMatchObject({ level: 30, method: 'GET', route: 'GET /things/:id', status: 200 });
    expect(typeof line.ms).toBe('number');
    const span = exporter
      .getFinishedSpans()
      .find((s) => s.name === 'GET /things/:id' && s.spanContext().traceId === line.traceId);
    expect(span).toBeDefined();
    expect(lines.some((l) => l.access && String(l.route).includes('healthz'))).toBe(false);
  });
});

describe('outbox age', () => {
  const Pinged = defineEvent(topics.auth, 'OutboxAgeProbe', 1, z.object({ n: z.number() }));
  const outboxAge = async (collection: string) =>
    seriesValue(
      await processMetrics.metrics(),
      new RegExp(`^moba_outbox_oldest_age_seconds\\{collection="${collection}"\\} ([\\d.]+)$`, 'm'),
    );

  it('shows how long the oldest unsent event has waited while the bus refuses, and 0 once it drained', async () => {
    let busUp = false;
    const published: string[] = [];
    const bus: EventBus = {
      deadLetters: { count: async () => 0, list: async () => [], redrive: async () => 0 },
      async publish(_topic: string, event: { id: string }) {
        if (!busUp) throw new Error('bus down');
        published.push(event.id);
      },
      subscribe: async () => undefined,
      close: async () => undefined,
    } as unknown as EventBus;
    const clock = createAdjustableClock();
    const store = createNedbStore();
    const docs = await store.collection<BaseDoc & WithOutbox>('age_probe');
    const relay = createOutboxRelay({
      bus,
      collections: [docs],
      logger: pino({ level: 'silent' }),
      clock,
      intervalMs: 60_000,
    });
    const older = Pinged.create('a', { n: 1 }, { occurredAt: clock.now() });
    await docs.insertOne(withEvents({ _id: 'a' }, [{ topic: topics.auth, event: older }]));
    clock.advance(30_000);
    const newer = Pinged.create('b', { n: 2 }, { occurredAt: clock.now() });
    await docs.insertOne(withEvents({ _id: 'b' }, [{ topic: topics.auth, event: newer }]));
    clock.advance(90_000);
    relay.start();
    try {
      await relay.flush();
      const age = await outboxAge('age_probe');
      expect(age).toBeGreaterThanOrEqual(120);
      expect(age).toBeLessThan(150);

      busUp = true;
      await relay.flush();
      expect(published.sort()).toEqual([older.id, newer.id].sort());
      expect(await outboxAge('age_probe')).toBe(0);
    } finally {
      await relay.stop();
      await store.close();
    }
  });
});

describe('consumer lag', () => {
  const Ticked = defineEvent(topics.vacancy, 'LagProbe', 1, z.object({ n: z.number() }));
  const lag = async () =>
    seriesValue(
      await processMetrics.metrics(),
      /^moba_consumer_lag_seconds\{topic="vacancy.v1",group="lag-probe"\} ([\d.]+)$/m,
    );

  it('grows while a handler hangs on an event, and settles to the lag the event had when it began', async () => {
    const bus = observedBus(createMemoryBus(), 'lag-test');
    let release!: () => void;
    const hanging = new Promise<void>((resolve) => (release = resolve));
    const began: string[] = [];
    await bus.subscribe(topics.vacancy, 'lag-probe', async (event) => {
      began.push(event.id);
      await hanging;
    });
    const event = Ticked.create('v', { n: 1 }, { occurredAt: new Date(Date.now() - 10_000) });
    // The memory bus hands the event over before publish resolves: it resolves once the handler is done.
    const published = bus.publish(topics.vacancy, event);
    await eventually(async () => began.includes(event.id), 'the handler began');
    const first = (await lag())!;
    expect(first).toBeGreaterThanOrEqual(10);
    await eventually(
      async () => (await lag())! > first + 0.2,
      'the lag growing while the handler hangs',
      10_000,
    );

    release();
    await published;
    await eventually(async () => (await lag())! < first + 0.2, 'the lag of the event when it began');
    expect(await lag()).toBeGreaterThanOrEqual(10);
    await bus.close();
  });
});
