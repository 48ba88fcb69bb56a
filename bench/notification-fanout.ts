/**
 * bench/notification-fanout: N connected sockets (env N, default 10,000), notifications created by
 * events published on the bus; prints p50/p99 from publish to receive and heap per idle socket.
 *
 *   npx tsx bench/notification-fanout.ts          # embedded, two instances (memory hub), two processes (Redis)
 *   N=2000 EVENTS=1000 CONCURRENCY=10 WARMUP=200 MODE=embedded|two|both|redis|all npx tsx bench/notification-fanout.ts
 *
 * embedded / two: the service runs in this process. redis: two notification PROCESSES
 * (bench/src/notification-instance.ts) on the Redis Streams bus (one consumer group: each event is
 * handled by one of them) and Redis pub/sub fan-out, storing in PostgreSQL (POSTGRES_URL, a schema of
 * this run, dropped after) — or memory:// with BENCH_STORE=memory; REDIS_URL (default
 * redis://127.0.0.1:6379), keys and channel under a prefix of this run, deleted after. Each process
 * reports its own heap. If Redis (or PostgreSQL) does not answer, the mode says so and measures nothing.
 *
 * The client sockets run in a child process (its own heap and its own file-descriptor limit), so the
 * heap figure is the servers'. With BENCH_CPU_PROF_DIR=<dir> each notification process writes a V8 CPU
 * profile of the measured window there (read one with `npx tsx bench/cpu-profile-summary.ts <file>`). Times come from the monotonic clock all processes share
 * (process.hrtime). Goals: p99 <= 15 ms embedded, <= 25 ms across in-process instances; across two
 * processes on Redis p99 <= 10 ms and >= 5,000 notifications/s (issue 32; throughput with enough in
 * flight, e.g. CONCURRENCY=100); <= 5 KB heap per idle socket. Each run also prints the servers' CPU
 * time per notification, which depends less on what else the machine runs than the times do, and in
 * the Redis mode the CPU per notification of every process on the machine (from /proc): the servers,
 * the client sockets, this publisher, redis-server and the PostgreSQL backends.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { getHeapStatistics } from 'node:v8';
import Redis from 'ioredis';
import { Client } from 'pg';
import { ApplicationRejected, topics, type EventEnvelope } from '@moba/contracts';
import { createBus, createLogger, createMemoryBus, createMemoryFanoutHub } from '@moba/platform';
import { createTestDeps, testKeys, testToken } from '@moba/platform/testing';
import { createService, loadNotificationConfig, type NotificationService } from '@moba/notification-service';
import { cpuSampler, postgresBackends } from './src/cpu';

const N = Number(process.env.N ?? 10_000);
const EVENTS = Number(process.env.EVENTS ?? 2_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
/** Events sent (and not counted) before measuring, so JIT warm-up is not in the figures. */
const WARMUP = Number(process.env.WARMUP ?? 200);
const MODE = process.env.MODE ?? 'all';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://moba:moba@127.0.0.1:5432/moba_test';

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
// Receipts go to the bench in one IPC message per turn of the event loop, not one per notification:
// the client shares the cores with the servers, and each message costs both ends a system call.
let receipts = [];
const receipt = (applicationId, t1) => {
  if (!receipts.length) setImmediate(() => { process.send({ cmd: 'received', receipts }); receipts = []; });
  receipts.push([applicationId, t1]);
};
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
          receipt(n.content.params.applicationId, t1);
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
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The servers under test, wherever they run. */
interface Servers {
  /** The WebSocket base URL of each instance. */
  urls: string[];
  /** In process, every event is handled by the first instance; across processes by either (one group). */
  handledByFirst: boolean;
  publish(event: EventEnvelope): Promise<void>;
  openSockets(): Promise<number>;
  /** Heap used by each server process, after full collections. */
  heaps(): Promise<number[]>;
  /** CPU time each server process used so far (ms); in process: this process. */
  cpu(): Promise<number[]>;
  /** Processes only: the pid of each server process. */
  pids?: number[];
  /** Processes only: starts or stops a CPU profile of each (BENCH_CPU_PROF_DIR); the files written. */
  profile?(on: boolean): Promise<string[]>;
  stop(): Promise<void>;
}

async function startInProcess(count: number): Promise<Servers> {
  const hub = createMemoryFanoutHub();
  const shared = createTestDeps();
  const config = loadNotificationConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MAIL_URL: 'dev://' });
  const services: NotificationService[] = [];
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    // Each instance hears its own bus: events published to the first are created there and must
    // cross the fanout hub to reach sockets on the second.
    const bus = i === 0 ? shared.bus : createMemoryBus();
    const service = await createService({ ...shared, bus, config, fanout: hub.instance() });
    const listening = await service.start(0);
    services.push(service);
    urls.push(listening.url.replace('http://', 'ws://'));
  }
  return {
    urls,
    handledByFirst: true,
    publish: (event) => shared.bus.publish(topics.application, event),
    openSockets: async () => services.reduce((sum, s) => sum + s.live.openSockets(), 0),
    heaps: async () => [heapUsed()],
    cpu: async () => [ownCpuMs()],
    stop: async () => {
      for (const s of services) await s.stop();
    },
  };
}

/** Why the Redis mode cannot run here, or undefined when Redis (and the store) answer. */
async function redisModeProblem(storeUrl: string): Promise<string | undefined> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined); // the failed connect below says what went wrong
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `no Redis answers at ${REDIS_URL} (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
  if (!storeUrl.startsWith('postgres')) return undefined;
  const pg = new Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await pg.connect();
    await pg.query('SELECT 1');
  } catch (error) {
    return `no PostgreSQL answers at ${POSTGRES_URL.replace(/\/\/[^@]*@/, '//')} (${(error as Error).message}); BENCH_STORE=memory runs without it`;
  } finally {
    await pg.end().catch(() => undefined);
  }
  return undefined;
}

async function cleanUpRedisMode(prefix: string, schemaPrefix: string) {
  const redis = new Redis(REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
  if (!schemaPrefix) return;
  const pg = new Client({ connectionString: POSTGRES_URL });
  await pg.connect();
  await pg.query(`DROP SCHEMA IF EXISTS "${schemaPrefix}_notification" CASCADE`);
  await pg.end();
}

/** Two notification processes on Redis Streams + Redis pub/sub (bench/src/notification-instance.ts). */
async function startProcesses(count: number, storeUrl: string, prefix: string): Promise<Servers> {
  const env = {
    ...process.env,
    EVENT_BUS_URL: `${REDIS_URL}?prefix=${prefix}`,
    FANOUT_URL: `${REDIS_URL}?channel=${prefix}:fanout`,
    STORE_URL: storeUrl,
    BENCH_PUBLIC_KEY: testKeys().publicKeyPem,
  };
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(__dirname, 'src', 'notification-instance.ts')],
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        env,
      },
    );
    children.push(child);
    const ready = await new Promise<{ url: string }>((resolve, reject) => {
      child.once('exit', (code) =>
        reject(new Error(`notification process ${i} exited (${code}) before it was ready`)),
      );
      child.once('message', (m: { cmd: string; url: string }) =>
        m.cmd === 'ready' ? resolve(m) : undefined,
      );
    });
    urls.push(ready.url);
  }
  const ask = <T>(child: ChildProcess, cmd: string) =>
    new Promise<T>((resolve) => {
      const listen = (m: { cmd: string } & T) => {
        if (m.cmd !== cmd) return;
        child.off('message', listen);
        resolve(m);
      };
      child.on('message', listen);
      child.send({ cmd });
    });
  const publisher = await createBus(`${REDIS_URL}?prefix=${prefix}`, 'bench', createLogger('bench', 'error'));
  return {
    urls,
    handledByFirst: false,
    pids: children.map((c) => c.pid!),
    publish: (event) => publisher.publish(topics.application, event),
    openSockets: async () =>
      (await Promise.all(children.map((c) => ask<{ open: number }>(c, 'sockets')))).reduce(
        (a, b) => a + b.open,
        0,
      ),
    heaps: async () =>
      (await Promise.all(children.map((c) => ask<{ used: number }>(c, 'heap')))).map((h) => h.used),
    cpu: async () => (await Promise.all(children.map((c) => ask<{ ms: number }>(c, 'cpu')))).map((c) => c.ms),
    profile: async (on) =>
      (
        await Promise.all(
          children.map((c) => ask<{ file?: string }>(c, on ? 'profile-start' : 'profile-stop')),
        )
      ).flatMap((answer) => (answer.file ? [answer.file] : [])),
    stop: async () => {
      await publisher.close();
      await Promise.all(
        children.map((c) => {
          const exited = new Promise((r) => c.once('exit', r));
          c.send({ cmd: 'stop' });
          return exited;
        }),
      );
    },
  };
}

/** Every process of the Redis mode, to show where the machine's CPU goes. */
function machineGroups(serverPids: number[], clientPid: number) {
  const redisPid = Number(execFileSync('pgrep', ['-o', 'redis-server']).toString().trim());
  const database = new URL(POSTGRES_URL).pathname.slice(1);
  return new Map<string, number[]>([
    ...serverPids.map((pid, i) => [`notification ${i + 1}`, [pid]] as [string, number[]]),
    ['client sockets', [clientPid]],
    ['bench publisher', [process.pid]],
    ['redis-server', redisPid ? [redisPid] : []],
    ['postgres backends', postgresBackends(database)],
  ]);
}

async function run(
  label: string,
  instanceCount: number,
  servers: Servers,
  goalMs: number,
  goalPerSecond?: number,
) {
  const users = await Promise.all(
    Array.from({ length: N }, async (_, i) => {
      const { id, token } = await testToken('Worker');
      return { id, token, instance: i % instanceCount };
    }),
  );
  // Measured after the users exist, so only what the open sockets cost the servers counts.
  const heapsBefore = await servers.heaps();
  const child: ChildProcess = spawn(process.execPath, ['-e', CLIENT], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    cwd: process.cwd(),
  });
  const pending = new Map<string, { t0: number; cross: boolean; resolve: (ms: number) => void }>();
  let connected: (open: number) => void = () => {};
  child.on('message', (m: { cmd: string; receipts?: [string, number][]; open?: number }) => {
    if (m.cmd === 'connected') connected(m.open ?? 0);
    for (const [applicationId, t1] of m.receipts ?? []) {
      const p = pending.get(applicationId);
      if (p) {
        pending.delete(applicationId);
        p.resolve(t1 - p.t0);
      }
    }
  });

  const connectStart = Date.now();
  const open = await new Promise<number>((resolve) => {
    connected = resolve;
    child.send({
      cmd: 'connect',
      clients: users.map((u) => ({ url: `${servers.urls[u.instance]}/ws/${u.id}`, token: u.token })),
    });
  });
  while ((await servers.openSockets()) < N) await new Promise((r) => setTimeout(r, 50));
  const connectMs = Date.now() - connectStart;
  const heapsAfter = await servers.heaps();

  let latencies: number[] = [];
  let crossLatencies: number[] = [];
  let next = 0;
  let total = WARMUP;
  const worker = async () => {
    while (next < total) {
      next++;
      const user = users[Math.floor(Math.random() * users.length)];
      const applicationId = randomUUID();
      const cross = servers.handledByFirst && user.instance !== 0;
      const received = new Promise<number>((resolve) =>
        pending.set(applicationId, { t0: 0, cross, resolve }),
      );
      pending.get(applicationId)!.t0 = now();
      await servers.publish(
        ApplicationRejected.create(randomUUID(), {
          applicationId,
          vacancyId: randomUUID(),
          workerId: user.id,
          vacancyTitle: 'Berba malina', // as the application service writes it
        }),
      );
      const ms = await received;
      latencies.push(ms);
      if (cross) crossLatencies.push(ms);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  [latencies, crossLatencies, next, total] = [[], [], 0, EVENTS];
  const profiling = Boolean(process.env.BENCH_CPU_PROF_DIR && servers.profile);
  if (profiling) await servers.profile!(true);
  const cpuBefore = await servers.cpu();
  const machine = servers.pids ? cpuSampler(() => machineGroups(servers.pids!, child.pid!)) : undefined;
  machine?.start();
  const sendStart = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const sendMs = Date.now() - sendStart;
  const machineUse = machine?.stop();
  const cpuMs = (await servers.cpu()).map((ms, i) => ms - cpuBefore[i]);
  if (profiling)
    console.log(`CPU profiles of the measured window: ${(await servers.profile!(false)).join(', ')}`);

  latencies.sort((a, b) => a - b);
  crossLatencies.sort((a, b) => a - b);
  const perProcessKb = heapsAfter.map(
    (after, i) => (after - heapsBefore[i]) / (N / heapsAfter.length) / 1024,
  );
  const perSocketKb = heapsAfter.reduce((sum, after, i) => sum + after - heapsBefore[i], 0) / N / 1024;
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
  const perSecond = Math.round((EVENTS / sendMs) * 1000);
  console.log(
    `throughput: ${perSecond} notifications/s` +
      (goalPerSecond
        ? ` (goal >= ${goalPerSecond} -> ${perSecond >= goalPerSecond ? 'met' : 'NOT met'})`
        : ''),
  );
  // Less dependent on what else runs on the machine than the times: the servers' own CPU time.
  console.log(
    `server CPU per notification: ${cpuMs.map((ms) => `${(ms / EVENTS).toFixed(3)} ms`).join(' + ')}` +
      (servers.handledByFirst ? ' (this process, the bench included)' : ' (each process)'),
  );
  if (machineUse) {
    const perNotification = [...machineUse.shares]
      .map(([name, share]) => `${name} ${((share * sendMs) / EVENTS).toFixed(3)}`)
      .join(', ');
    console.log(
      `CPU ms per notification, the whole machine (${Math.round(machineUse.machineBusy * 100)} % of its cores busy): ${perNotification}`,
    );
  }
  console.log(
    `heap per idle socket (server side, ${instanceCount} instance(s)): ${perSocketKb.toFixed(2)} KB` +
      (perProcessKb.length > 1
        ? ` (per process: ${perProcessKb.map((kb) => `${kb.toFixed(2)} KB`).join(', ')})`
        : ''),
  );
  console.log(
    `goal: p99 <= ${goalMs} ms -> ${percentile(latencies, 99) <= goalMs ? 'met' : 'NOT met'}; heap <= 5 KB/socket -> ${perSocketKb <= 5 ? 'met' : 'NOT met'}`,
  );

  child.send({ cmd: 'close' });
  await new Promise((r) => child.once('exit', r));
  await servers.stop();
}

async function runRedisMode() {
  const label = 'two notification processes, Redis Streams bus + Redis pub/sub fan-out';
  const prefix = `bench-fanout-${randomUUID().slice(0, 8)}`;
  const schemaPrefix = process.env.BENCH_STORE === 'memory' ? '' : prefix.replace(/-/g, '_');
  const storeUrl = schemaPrefix ? `${POSTGRES_URL}?schema=${schemaPrefix}` : 'memory://';
  const problem = await redisModeProblem(storeUrl);
  if (problem) {
    console.log(`\n== ${label}: NOT RUN: ${problem}`);
    return;
  }
  console.log(
    `\n(store of the two processes: ${schemaPrefix ? 'PostgreSQL, one shared schema' : 'memory://, one per process'})`,
  );
  try {
    await run(label, 2, await startProcesses(2, storeUrl, prefix), 10, 5_000);
  } finally {
    await cleanUpRedisMode(prefix, schemaPrefix);
  }
}

async function main() {
  const modes =
    MODE === 'all' ? ['embedded', 'two', 'redis'] : MODE === 'both' ? ['embedded', 'two'] : [MODE];
  if (modes.includes('embedded')) await run('embedded', 1, await startInProcess(1), 15);
  if (modes.includes('two')) await run('two instances, memory fanout hub', 2, await startInProcess(2), 25);
  if (modes.includes('redis')) await runRedisMode();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
