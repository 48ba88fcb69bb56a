/**
 * bench/peak: a harvest-season peak on the distributed mode, first with ONE instance of every service,
 * then with TWO of each hot one (vacancy, application, notification), in one run on one machine.
 *
 * Each phase starts the distributed mode's topology (scripts/distributed/plan.ts, through the resilience
 * cluster: Redis Streams, Redis fan-out, a PostgreSQL schema per service) on a private redis-server
 * (so INFO commandstats counts only this phase) and a database of its own (PEAK_DATABASE, created when
 * missing, so pg_stat_database counts only this phase). A season is seeded through the public API, then
 * PEAK_SOCKETS WebSockets are opened through the gateway (held by a child process) and PEAK_USERS
 * virtual workers loop over the peak mix for PEAK_SECONDS, one keep-alive connection each:
 *   browse open mobas 80 % · notification panel reads 15 % · apply 5 %
 *
 * Printed per phase: requests/s, p50/p99 per kind, errors (network errors, 5xx, any answer the call
 * should not get, sockets dropped; 409 'Already applied' is the product's answer to a repeated
 * application), CPU per process as a share of one core (from /proc/<pid>/stat) and the busiest one, the
 * machine's busy share, Redis commands and PostgreSQL transactions and rows per request. Then the ratio
 * two-instance / one-instance. 0 errors is the bar; ≥ 1.5× where the cores allow it.
 *
 * Pods (PEAK_POD_CPU cores, 0.25 by default; 0: off): as Kubernetes enforces `resources.limits.cpu`,
 * every service instance runs in a cgroup of its own with a CFS quota (bench/src/cgroup.ts) from the
 * end of the seeding to the end of its phase, so one vs two instances compare what their limits
 * allow, not what two shared cores allow. The gateway (one instance in both phases, the ingress),
 * Redis, this database's PostgreSQL backends, the socket holder and the load driver are not limited.
 * Every one of these processes also gets the weight PEAK_POD_SHARES (cgroup v1 cpu.shares, 8192 by
 * default: eight ordinary processes), as a Kubernetes request does: on a machine that other work keeps
 * busy, a pod of ordinary weight gets an ordinary process's share, far under its limit, and the
 * neighbours, not the limits, would decide. Printed per instance: its CPU time from the
 * cgroup, as a share of its limit, and the share of CFS periods in which the quota stopped it; the
 * busiest is the one that saturates. Goal with pods: two / one ≥ 1.7×. Where pods are not possible
 * (not root, no cpu controller, a read-only cgroup tree) one line says why and the run goes on without.
 *
 * Run: npx tsx bench/peak.ts   (PEAK_USERS=32, PEAK_LOOPS=1 (request loops per virtual worker, each on
 *   its own connection: more requests in flight without more sign-ups), PEAK_SECONDS=20, PEAK_SOCKETS=2000, PEAK_ESTATES=4,
 *   PEAK_MOBAS=6, PEAK_ROUNDS=1 (rounds of one-then-two; the median ratio is printed), POSTGRES_URL
 *   (its database is replaced by PEAK_DATABASE=moba_peak))
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { freePort } from '@moba/platform/testing';
import { cpus, loadavg } from 'node:os';
import Redis from 'ioredis';
import pg from 'pg';
import type { TestClient } from '@moba/platform/testing';
import { simulateSeason } from '../scripts/season/simulate-season';
import { postgresProblem } from '../scripts/distributed/engines';
import { ADMIN } from '../test/support/product';
import { POSTGRES_URL, startCluster } from '../test/resilience/support/cluster';
import { cgroupLayout, cpuQuota, createPods, type CgroupLayout, type Pod, type PodSet } from './src/cgroup';
import { cpuSampler, postgresBackends } from './src/cpu';
import { difference, postgresDatabaseCounters, redisCommandCalls } from './src/engine-counters';
import { socketHolder } from './src/hold-sockets';

const USERS = Number(process.env.PEAK_USERS ?? 32);
const LOOPS = Number(process.env.PEAK_LOOPS ?? 1);
const SECONDS = Number(process.env.PEAK_SECONDS ?? 20);
const SOCKETS = Number(process.env.PEAK_SOCKETS ?? 2000);
const ESTATES = Number(process.env.PEAK_ESTATES ?? 4);
const MOBAS = Number(process.env.PEAK_MOBAS ?? 6);
const ROUNDS = Number(process.env.PEAK_ROUNDS ?? 1);
const DATABASE = process.env.PEAK_DATABASE ?? 'moba_peak';
const POD_CPU = Number(process.env.PEAK_POD_CPU ?? 0.25);
/** The pod layout of this machine, or why there are no pods. */
const podLayout: CgroupLayout = POD_CPU > 0 ? cgroupLayout() : { skipped: 'PEAK_POD_CPU=0' };
const POD_SHARES = Number(process.env.PEAK_POD_SHARES ?? 8192);
const postgresUrl = (() => {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
})();

type Kind = 'browse' | 'panel' | 'apply';
interface Call {
  kind: Kind;
  method: string;
  path: string;
  body?: string;
  ok: (status: number, text: string) => boolean;
}

/** The mix, as a cycle of 20 calls: 16 browses (80 %), 3 panel reads (15 %), 1 application (5 %). */
const CYCLE: Kind[] = [
  ...(['browse', 'browse', 'panel', 'browse', 'browse', 'browse'] as const),
  ...(['browse', 'panel', 'browse', 'browse', 'apply', 'browse'] as const),
  ...(['browse', 'browse', 'panel', 'browse', 'browse', 'browse', 'browse', 'browse'] as const),
];

function request(agent: http.Agent, base: URL, call: Call, headers: Record<string, string>) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: call.method,
        path: call.path,
        headers: {
          ...headers,
          ...(call.body
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(call.body) }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(call.body);
  });
}

interface Stats {
  latencies: Map<Kind, number[]>;
  errors: Map<string, number>;
  total: number;
  seconds: number;
}

async function drive(
  baseUrl: string,
  users: { headers: Record<string, string>; next: () => Call }[],
  seconds: number,
): Promise<Stats> {
  const base = new URL(baseUrl);
  const stats: Stats = { latencies: new Map(), errors: new Map(), total: 0, seconds };
  const count = (what: string) => stats.errors.set(what, (stats.errors.get(what) ?? 0) + 1);
  const started = Date.now();
  const until = started + seconds * 1000;
  await Promise.all(
    users.map(async (user) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (Date.now() < until) {
        const call = user.next();
        const t0 = performance.now();
        try {
          const { status, text } = await request(agent, base, call, user.headers);
          const list = stats.latencies.get(call.kind) ?? [];
          list.push(performance.now() - t0);
          stats.latencies.set(call.kind, list);
          if (!call.ok(status, text)) count(`${call.kind} ${status} ${text.slice(0, 80)}`);
        } catch (error) {
          count(`${call.kind} ${(error as Error).message}`);
        }
        stats.total++;
      }
      agent.destroy();
    }),
  );
  stats.seconds = (Date.now() - started) / 1000;
  return stats;
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A redis-server of this phase alone: its commandstats and its CPU are the phase's. */
async function privateRedis() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  const client = new Redis(url, { retryStrategy: (attempt) => (attempt > 100 ? null : 50) });
  client.on('error', () => undefined); // refused until the server listens; ioredis retries
  await client.ping();
  return {
    url,
    client,
    pid: child.pid!,
    async stop() {
      client.disconnect();
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The season's open mobas that still have room (accepting a crew may have filled some). */
async function vacanciesWithRoom(client: TestClient, open: string[]) {
  const admin = (await client.post('/api/login', ADMIN)).body as { token: string };
  const auth = { authorization: `Bearer ${admin.token}` };
  await new Promise((r) => setTimeout(r, 2000)); // the acceptances' events reach every replica
  const room = new Set<string>();
  for (let page = 1; ; page++) {
    const { items, total } = (await client.post('/api/admin/vacancies/all', { page, pageSize: 100 }, auth))
      .body as { items: { id: string; freePositions: number }[]; total: number };
    for (const v of items) if (v.freePositions > 0) room.add(v.id);
    if (page * 100 >= total || !items.length) break;
  }
  const usable = open.filter((id) => room.has(id));
  if (!usable.length) throw new Error('no open moba with room left to apply to');
  return usable;
}

async function phase(hotInstances: number) {
  const redis = await privateRedis();
  const cluster = await startCluster({
    redisUrl: redis.url,
    postgresUrl,
    hotInstances,
    // A handful of accounts hold the 2,000 sockets (sign-ups cost a minute each hundred here).
    env: { WS_MAX_SOCKETS_PER_USER: String(Math.ceil(SOCKETS / USERS) + 5) },
  }).catch(async (error) => {
    await redis.stop();
    throw error;
  });
  const database = new pg.Client({ connectionString: postgresUrl });
  await database.connect();
  const holder = await socketHolder();
  let pods: PodSet | undefined;
  let outliving: number[] = [];
  try {
    const season = await simulateSeason(cluster.client as never, {
      estates: ESTATES,
      workers: USERS,
      mobasPerEstate: MOBAS,
      seed: (Date.now() % 100_000) + hotInstances,
      admin: ADMIN,
      finishJobs: false,
    });
    const vacancies = await vacanciesWithRoom(cluster.client as never, season.openVacancies);
    const workers = season.workerSessions.slice(0, USERS);

    const wsBase = cluster.url.replace(/^http/, 'ws');
    const sockets = Array.from({ length: SOCKETS }, (_, i) => {
      const worker = workers[i % workers.length];
      return { url: `${wsBase}/api/ws/${worker.userId}`, token: worker.auth.authorization.slice(7) };
    });
    const opened = await holder.ask<{ open: number; failed: number }>({ cmd: 'open', sockets }, 'opened');

    const users = Array.from({ length: workers.length * LOOPS }, (_, i) => i).map((i) => {
      const worker = workers[i % workers.length];
      let step = i;
      let nextVacancy = i;
      return {
        headers: worker.auth,
        next: (): Call => {
          const kind = CYCLE[step++ % CYCLE.length];
          if (kind === 'browse')
            return {
              kind,
              method: 'POST',
              path: '/api/workers/vacancies/open',
              body: JSON.stringify({ page: 1 + (step % 3) }),
              ok: (s) => s === 200,
            };
          if (kind === 'panel')
            return { kind, method: 'GET', path: '/api/notifications/all', ok: (s) => s === 200 };
          return {
            kind,
            method: 'POST',
            path: '/api/applications/create',
            body: JSON.stringify({ vacancyId: vacancies[nextVacancy++ % vacancies.length] }),
            ok: (s, text) => s === 201 || (s === 409 && text === 'Already applied'),
          };
        },
      };
    });
    // The seeding ran unlimited (sign-ups hash passwords); the limits hold from the warm-up on.
    // This process and the PostgreSQL server's backends outlive the phase: they leave their pods after it.
    outliving = [process.pid, ...postgresBackends(DATABASE)];
    const limited = limitInstances(cluster.pids(), hotInstances, {
      'redis-server': [redis.pid],
      'postgres-backends': outliving.slice(1),
      'socket-holder': [holder.child.pid!],
      'load-driver': [process.pid],
    });
    pods = limited.pods;
    await drive(cluster.url, users, 3); // warm-up: JIT, connection pools, read models

    const groups = () => {
      const map = new Map([...cluster.pids()].map(([name, pid]) => [name, [pid]]));
      map.set('redis-server', [redis.pid]);
      map.set('postgres backends', postgresBackends(DATABASE));
      map.set('load driver', [process.pid]);
      map.set('socket holder', [holder.child.pid!]);
      return map;
    };
    const cpu = cpuSampler(groups);
    const podsBefore = limited.instances.map(podReading);
    const redisBefore = await redisCommandCalls(redis.client);
    const pgBefore = await postgresDatabaseCounters(database, DATABASE);
    cpu.start();
    const stats = await drive(cluster.url, users, SECONDS);
    const usage = cpu.stop();
    const podUse = limited.instances.map((pod, i) =>
      instanceUse(podsBefore[i], podReading(pod), stats.seconds),
    );
    await new Promise((r) => setTimeout(r, 2000)); // let PostgreSQL publish the backends' counts
    const redisDelta = difference(await redisCommandCalls(redis.client), redisBefore);
    redisDelta.delete('info');
    const pgDelta = difference(await postgresDatabaseCounters(database, DATABASE), pgBefore);
    const held = await holder.ask<{ open: number; closed: number; pushes: number }>(
      { cmd: 'count' },
      'counted',
    );
    if (opened.failed) stats.errors.set('sockets that did not open', opened.failed);
    if (held.closed) stats.errors.set('sockets closed during the run', held.closed);
    return { hotInstances, stats, usage, redisDelta, pgDelta, sockets: held.open, podUse };
  } finally {
    holder.child.send({ cmd: 'close' });
    await database.end();
    await cluster.stop();
    await redis.stop();
    if (pods) {
      pods.release(outliving);
      // A process stopped a moment ago may still be leaving its cgroup.
      for (let attempt = 0; attempt < 50 && pods.remove() > 0; attempt++)
        await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * Every service instance (not the gateway) into a pod of its own with the PEAK_POD_CPU limit; the
 * gateway and the run's other processes into pods with the same weight and no limit.
 */
function limitInstances(
  pids: Map<string, number>,
  hotInstances: number,
  others: Record<string, number[]>,
): { pods?: PodSet; instances: Pod[] } {
  if ('skipped' in podLayout) return { instances: [] };
  const made = createPods(podLayout, `moba-peak-${process.pid}-${hotInstances}`);
  if ('skipped' in made) {
    console.log(`pods skipped: ${made.skipped}`);
    return { instances: [] };
  }
  const instances = [...pids]
    .filter(([name]) => name !== 'gateway')
    .map(([name, pid]) => made.pods.add(name, [pid], { quota: cpuQuota(POD_CPU), shares: POD_SHARES }));
  for (const [name, list] of Object.entries({ ...others, gateway: [pids.get('gateway')!] }))
    made.pods.add(name, list, { shares: POD_SHARES });
  return { pods: made.pods, instances };
}

interface PodReading {
  name: string;
  cpuSeconds?: number;
  periods: number;
  throttled: number;
}
const podReading = (pod: Pod): PodReading => ({
  name: pod.name,
  cpuSeconds: pod.cpuSeconds(),
  ...pod.periods(),
});

/** An instance's use of its limit over the run: CPU as a share of the limit, periods the quota stopped it. */
function instanceUse(before: PodReading, after: PodReading, seconds: number) {
  const cpu =
    before.cpuSeconds !== undefined && after.cpuSeconds !== undefined
      ? (after.cpuSeconds - before.cpuSeconds) / seconds
      : undefined;
  const periods = after.periods - before.periods;
  return {
    name: after.name,
    /** Cores used (share of one core), from the cgroup's CPU accounting. */
    cores: cpu,
    ofLimit: cpu !== undefined ? cpu / POD_CPU : undefined,
    throttledShare: periods > 0 ? (after.throttled - before.throttled) / periods : 0,
  };
}

function report(result: Awaited<ReturnType<typeof phase>>) {
  const { stats, usage, redisDelta, pgDelta, podUse } = result;
  const all = [...stats.latencies.values()].flat();
  const errors = [...stats.errors.values()].reduce((a, b) => a + b, 0);
  const rps = stats.total / stats.seconds;
  const lines = [
    `${result.hotInstances === 1 ? 'one instance of each service' : 'two of each hot service'}: ${rps.toFixed(0)} req/s   p50 ${percentile(all, 50).toFixed(1)} ms   p99 ${percentile(all, 99).toFixed(1)} ms   errors ${errors}   (${stats.total} requests in ${stats.seconds.toFixed(1)} s, ${result.sockets} sockets open)`,
  ];
  for (const [kind, values] of stats.latencies)
    lines.push(
      `  ${kind.padEnd(8)} ${String(values.length).padStart(6)} calls (${((100 * values.length) / stats.total).toFixed(0)} %)   p50 ${percentile(values, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(values, 99).toFixed(1).padStart(6)} ms`,
    );
  for (const [what, n] of stats.errors) lines.push(`  ERROR ${n} × ${what}`);
  const busiest = [...usage.shares].sort((a, b) => b[1] - a[1]);
  const cores = busiest.reduce((sum, [, share]) => sum + share, 0);
  lines.push(
    `  CPU (share of one core): ${busiest.map(([name, share]) => `${name} ${share.toFixed(2)}`).join(', ')}`,
    `  this run's processes together ${cores.toFixed(2)} cores (${(rps / cores).toFixed(0)} req/s per core used); the machine (every user) busy ${(usage.machineBusy * 100).toFixed(0)} % of ${cpus().length} cores; busiest process: ${busiest[0][0]} at ${(busiest[0][1] * 100).toFixed(0)} % of a core`,
  );
  // CPU time per request does not depend on the share of the cores the run got: the capacity model's base.
  lines.push(
    `  CPU ms per request: ${busiest
      .filter(([, share]) => share > 0)
      .map(([name, share]) => `${name} ${((share * stats.seconds * 1000) / stats.total).toFixed(2)}`)
      .join(', ')}`,
  );
  if (podUse.length) {
    const byUse = [...podUse].sort(
      (a, b) => (b.ofLimit ?? b.throttledShare) - (a.ofLimit ?? a.throttledShare),
    );
    const percent = (x: number | undefined) => (x === undefined ? '?' : `${(x * 100).toFixed(0)} %`);
    lines.push(
      `  pods (${POD_CPU} core each; CPU from the cgroup, share of the limit, periods throttled): ${byUse
        .map(
          (p) =>
            `${p.name} ${p.cores?.toFixed(3) ?? '?'} (${percent(p.ofLimit)}, ${percent(p.throttledShare)})`,
        )
        .join(', ')}`,
      `  saturates: ${byUse[0].name} at ${percent(byUse[0].ofLimit)} of its limit, stopped by its quota in ${percent(byUse[0].throttledShare)} of periods`,
    );
  }
  const redisCalls = [...redisDelta.values()].reduce((a, b) => a + b, 0);
  const top = [...redisDelta].sort((a, b) => b[1] - a[1]).slice(0, 8);
  lines.push(
    `  Redis: ${(redisCalls / stats.total).toFixed(2)} commands per request (${top.map(([c, n]) => `${c} ${(n / stats.total).toFixed(2)}`).join(', ')})`,
    `  PostgreSQL per request: ${[...pgDelta].map(([c, n]) => `${c} ${(n / stats.total).toFixed(2)}`).join(', ')}`,
  );
  return { text: lines.join('\n'), rps, perCore: rps / cores, errors, p99: percentile(all, 99) };
}

async function main() {
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${cpus().length} cores`,
  );
  const problem = await postgresProblem(postgresUrl);
  if (problem) throw new Error(`PostgreSQL at ${postgresUrl}: ${problem}`);
  console.log(
    `${USERS} virtual workers × ${LOOPS} request loops, ${SOCKETS} WebSockets, ${ESTATES} estates × ${MOBAS} mobas, ${SECONDS} s per phase`,
  );
  console.log(
    'skipped' in podLayout
      ? `pods: none (${podLayout.skipped}); every process shares the machine's cores\n`
      : `pods: every service instance limited to ${POD_CPU} core (cgroup v${podLayout.version} CFS quota ${cpuQuota(POD_CPU).quotaUs} µs per ${cpuQuota(POD_CPU).periodUs} µs); the gateway, Redis, PostgreSQL and the load driver unlimited; all of them weighted ${POD_SHARES} shares\n`,
  );
  // Rounds of (one, two) in turn, so a change in the machine's other load hits both alike.
  const ratios: number[] = [];
  let errors = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    if (ROUNDS > 1) console.log(`--- round ${round} of ${ROUNDS}`);
    const one = report(await phase(1));
    console.log(one.text);
    const two = report(await phase(2));
    console.log(two.text);
    ratios.push(two.rps / one.rps);
    errors += one.errors + two.errors;
    console.log(
      `ratio two / one: ${(two.rps / one.rps).toFixed(2)}× requests/s (${(two.perCore / one.perCore).toFixed(2)}× per core used), p99 ${two.p99.toFixed(1)} ms vs ${one.p99.toFixed(1)} ms\n`,
    );
  }
  if (ROUNDS > 1)
    console.log(
      `ratios two / one per round: ${ratios.map((r) => r.toFixed(2)).join(', ')}; median ${median(ratios).toFixed(2)}×`,
    );
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `goal: two / one ≥ ${'skipped' in podLayout ? '1.5× where the cores allow' : '1.7× with pods'}`,
  );
  if (errors) console.log(`ERRORS: ${errors} (bar: 0)`);
  process.exitCode = errors ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
