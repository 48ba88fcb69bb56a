/**
 * bench/notification-fanout: N connected sockets (env N, default 10,000), notifications created by
 * events published on the bus; prints p50/p99 from publish to receive and heap per idle socket.
 *
 *   npx tsx bench/notification-fanout.ts                     # embedded, then two instances (memory hub)
 *   N=2000 EVENTS=1000 CONCURRENCY=10 WARMUP=200 MODE=embedded|two|both npx tsx bench/notification-fanout.ts
 *
 * The service runs in this process; the client sockets run in a child process (its own heap and its
 * own file-descriptor limit), so the heap figure is the server's. Times come from the monotonic clock
 * both processes share (process.hrtime). Goals (issue 9): p99 <= 15 ms embedded, <= 25 ms across
 * instances, <= 5 KB heap per idle socket. Redis across processes: the distributed engineer adds it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { getHeapStatistics } from 'node:v8';
import { ApplicationRejected, topics } from '@moba/contracts';
import { createMemoryBus, createMemoryFanoutHub, type EventBus } from '@moba/platform';
import { createTestDeps, testToken } from '@moba/platform/testing';
import { createService, loadNotificationConfig, type NotificationService } from '@moba/notification-service';

const N = Number(process.env.N ?? 10_000);
const EVENTS = Number(process.env.EVENTS ?? 2_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
/** Events sent (and not counted) before measuring, so JIT warm-up is not in the figures. */
const WARMUP = Number(process.env.WARMUP ?? 200);
const MODE = process.env.MODE ?? 'both';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapUsed = () => {
  for (let i = 0; i < 3; i++) gc();
  return getHeapStatistics().used_heap_size;
};

/** The client side: plain JS in a child process, talking over IPC. */
const CLIENT = `
const { WebSocket } = require('ws');
const sockets = [];
const now = () => Number(process.hrtime.bigint()) / 1e6;
process.on('message', async (m) => {
  if (m.cmd === 'connect') {
    let open = 0;
    for (let i = 0; i < m.clients.length; i += 250) {
      await Promise.all(m.clients.slice(i, i + 250).map((c) => new Promise((resolve, reject) => {
        const ws = new WebSocket(c.url, { perMessageDeflate: false });
        ws.on('open', () => { ws.send(JSON.stringify({ token: c.token })); open++; resolve(); });
        ws.on('error', reject);
        ws.on('message', (data) => {
          const t1 = now();
          const n = JSON.parse(data.toString());
          process.send({ cmd: 'received', applicationId: n.content.params.applicationId, t1 });
        });
        sockets.push(ws);
      })));
    }
    process.send({ cmd: 'connected', open });
  } else if (m.cmd === 'close') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
`;

const now = () => Number(process.hrtime.bigint()) / 1e6;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

interface Instance {
  service: NotificationService;
  bus: EventBus;
  url: string;
}

async function startInstances(count: number): Promise<Instance[]> {
  const hub = createMemoryFanoutHub();
  const shared = createTestDeps();
  const config = loadNotificationConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MAIL_URL: 'dev://' });
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) {
    // Each instance hears its own bus: events published to the first are created there and must
    // cross the fanout hub to reach sockets on the second.
    const bus = i === 0 ? shared.bus : createMemoryBus();
    const service = await createService({ ...shared, bus, config, fanout: hub.instance() });
    const listening = await service.start(0);
    instances.push({ service, bus, url: listening.url.replace('http://', 'ws://') });
  }
  return instances;
}

async function run(label: string, instanceCount: number) {
  const instances = await startInstances(instanceCount);
  const users = await Promise.all(
    Array.from({ length: N }, async (_, i) => {
      const { id, token } = await testToken('Worker');
      return { id, token, instance: i % instanceCount };
    }),
  );
  // Measured after the users exist, so only what the open sockets cost the server counts.
  const heapBefore = heapUsed();
  const child: ChildProcess = spawn(process.execPath, ['-e', CLIENT], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    cwd: process.cwd(),
  });
  const pending = new Map<string, { t0: number; cross: boolean; resolve: (ms: number) => void }>();
  let connected: (open: number) => void = () => {};
  child.on('message', (m: { cmd: string; applicationId?: string; t1?: number; open?: number }) => {
    if (m.cmd === 'connected') connected(m.open ?? 0);
    if (m.cmd === 'received' && m.applicationId) {
      const p = pending.get(m.applicationId);
      if (p) {
        pending.delete(m.applicationId);
        p.resolve(m.t1! - p.t0);
      }
    }
  });

  const connectStart = Date.now();
  const open = await new Promise<number>((resolve) => {
    connected = resolve;
    child.send({
      cmd: 'connect',
      clients: users.map((u) => ({ url: `${instances[u.instance].url}/ws/${u.id}`, token: u.token })),
    });
  });
  const ready = () => instances.reduce((sum, i) => sum + i.service.live.openSockets(), 0);
  while (ready() < N) await new Promise((r) => setTimeout(r, 50));
  const connectMs = Date.now() - connectStart;
  const heapAfter = heapUsed();

  let latencies: number[] = [];
  let crossLatencies: number[] = [];
  let next = 0;
  let total = WARMUP;
  const worker = async () => {
    while (next < total) {
      next++;
      const user = users[Math.floor(Math.random() * users.length)];
      const applicationId = randomUUID();
      const cross = user.instance !== 0;
      const received = new Promise<number>((resolve) =>
        pending.set(applicationId, { t0: 0, cross, resolve }),
      );
      pending.get(applicationId)!.t0 = now();
      await instances[0].bus.publish(
        topics.application,
        ApplicationRejected.create(randomUUID(), {
          applicationId,
          vacancyId: randomUUID(),
          workerId: user.id,
        }),
      );
      const ms = await received;
      latencies.push(ms);
      if (cross) crossLatencies.push(ms);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  [latencies, crossLatencies, next, total] = [[], [], 0, EVENTS];
  const sendStart = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const sendMs = Date.now() - sendStart;

  latencies.sort((a, b) => a - b);
  crossLatencies.sort((a, b) => a - b);
  const perSocketKb = (heapAfter - heapBefore) / N / 1024;
  console.log(
    `\n== ${label}: ${instanceCount} instance(s), ${open} sockets, ${EVENTS} events, concurrency ${CONCURRENCY}`,
  );
  console.log(`connect + greet all sockets: ${connectMs} ms`);
  console.log(
    `publish -> receive  p50 ${percentile(latencies, 50).toFixed(2)} ms  p99 ${percentile(latencies, 99).toFixed(2)} ms  max ${latencies[latencies.length - 1].toFixed(2)} ms`,
  );
  if (crossLatencies.length) {
    console.log(
      `  across instances  p50 ${percentile(crossLatencies, 50).toFixed(2)} ms  p99 ${percentile(crossLatencies, 99).toFixed(2)} ms (${crossLatencies.length} events)`,
    );
  }
  console.log(`throughput: ${Math.round((EVENTS / sendMs) * 1000)} notifications/s`);
  console.log(
    `heap per idle socket (server side, ${instanceCount} instance(s)): ${perSocketKb.toFixed(2)} KB`,
  );
  const goalMs = instanceCount === 1 ? 15 : 25;
  console.log(
    `goal: p99 <= ${goalMs} ms -> ${percentile(latencies, 99) <= goalMs ? 'met' : 'NOT met'}; heap <= 5 KB/socket -> ${perSocketKb <= 5 ? 'met' : 'NOT met'}`,
  );

  child.send({ cmd: 'close' });
  await new Promise((r) => child.once('exit', r));
  for (const i of instances) await i.service.stop();
}

async function main() {
  if (MODE === 'embedded' || MODE === 'both') await run('embedded', 1);
  if (MODE === 'two' || MODE === 'both') await run('two instances, memory fanout hub', 2);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
