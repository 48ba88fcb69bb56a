/**
 * bench/call-costs (issue #32 points 3 and 6): what one call of each kind of the herd costs, in CPU
 * of every process it touches, on the distributed mode with one instance of each service (so each
 * process's CPU belongs to the calls of the phase). The capacity model had these only as upper
 * bounds read from the peak mix; this measures them one kind at a time.
 *
 * Topology: test/resilience/support/cluster.ts (Redis Streams, a PostgreSQL schema per service, every
 * instance and the gateway a process); the workers are UserRegistered events with signed tokens, as
 * in bench/alert-burst. Phases, each COSTS_CALLS calls with COSTS_IN_FLIGHT in flight, through the
 * gateway: the gateway's own /healthz (the reference), the moba's page, the worker's applications,
 * applying (each worker once; the relay, consumers and read models it sets off are waited for and
 * counted: each phase lasts until no row has been written for a second). Per phase: calls/s and its
 * ratio to the reference; CPU ms per call of each process and PostgreSQL transactions and rows per
 * call, less what the idle cluster (its consumers' and relays' polling, measured alone) spends in as
 * long.
 *
 * Run: npm run -w bench call-costs   (COSTS_CALLS=1000, COSTS_IN_FLIGHT=20; POSTGRES_URL: a database
 *   nothing else uses, so its backends and pg_stat_database count only this run)
 */
import { cpus, loadavg } from 'node:os';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { testClient, type TestClient } from '@moba/platform/testing';
import { loginAdmin } from '../test/support/product';
import { POSTGRES_URL, startCluster } from '../test/resilience/support/cluster';
import {
  burstDone,
  mobaMonths,
  notificationStoreOf,
  publishMoba,
  seedWorkers,
  signUpEstate,
  type BurstWorker,
} from '../test/resilience/support/alert-burst';
import { cpuSampler, postgresBackends } from './src/cpu';

const CALLS = Number(process.env.COSTS_CALLS ?? 1000);
const IN_FLIGHT = Number(process.env.COSTS_IN_FLIGHT ?? 20);
const IDLE_MS = 3000;
const database = new URL(POSTGRES_URL).pathname.slice(1);

type Call = (worker: BurstWorker) => Promise<{ status: number }>;

async function drive(workers: BurstWorker[], call: Call) {
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < workers.length) {
        const { status } = await call(workers[next++]);
        if (status >= 400) errors++;
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, errors };
}

interface Counters {
  xact: number;
  read: number;
  inserted: number;
  updated: number;
}

async function databaseCounters(client: pg.Client): Promise<Counters> {
  const { rows } = await client.query(
    'SELECT xact_commit, tup_returned, tup_inserted, tup_updated FROM pg_stat_database WHERE datname = $1',
    [database],
  );
  const row = rows[0] as Record<string, string>;
  return {
    xact: Number(row.xact_commit),
    read: Number(row.tup_returned),
    inserted: Number(row.tup_inserted),
    updated: Number(row.tup_updated),
  };
}

/** Until a second passes with no row written in the run's database (the consumers caught up). */
async function quiet(stats: pg.Client) {
  const until = Date.now() + 120_000;
  let last = await databaseCounters(stats);
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = await databaseCounters(stats);
    if (now.inserted === last.inserted && now.updated === last.updated) return;
    last = now;
  }
  throw new Error('the cluster never went quiet within 120 s');
}

/** CPU seconds per process group and the database's counters over `work`, and its wall time. */
async function measure(
  groups: () => Map<string, number[]>,
  stats: pg.Client,
  work: () => Promise<{ seconds: number; errors: number }>,
) {
  const cpu = cpuSampler(groups);
  const before = await databaseCounters(stats);
  cpu.start();
  const started = performance.now();
  const { seconds, errors } = await work();
  const wall = (performance.now() - started) / 1000;
  const { shares } = cpu.stop();
  const after = await databaseCounters(stats);
  const counters = Object.fromEntries(
    Object.keys(after).map((key) => [key, after[key as keyof Counters] - before[key as keyof Counters]]),
  ) as unknown as Counters;
  return {
    seconds,
    errors,
    wall,
    cpu: new Map([...shares].map(([name, share]) => [name, share * wall])),
    counters,
  };
}

async function main() {
  console.log(
    `call-costs: ${CALLS} calls per kind, ${IN_FLIGHT} in flight; ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; database ${database}`,
  );
  const cluster = await startCluster({ hotInstances: 1 });
  const stats = new pg.Client({ connectionString: POSTGRES_URL });
  await stats.connect();
  try {
    const view = await notificationStoreOf(cluster);
    const workers = await seedWorkers(cluster, view, {
      count: CALLS,
      months: await mobaMonths(cluster, 2, 5),
      smsEvery: CALLS + 1,
    });
    const estate = await signUpEstate(cluster);
    const moba = await publishMoba(cluster, estate, 1);
    await burstDone(view, moba.vacancyId, 10 * 60_000); // its job alerts are not a phase's cost
    const client = testClient(cluster.url);
    const admin = await loginAdmin(client);
    const pendingBefore = await pendingOf(client, admin.auth);
    const redisPid = Number(execFileSync('pgrep', ['-o', 'redis-server']).toString().trim());
    const groups = () => {
      const map = new Map([...cluster.pids()].map(([name, pid]) => [name, [pid]]));
      map.set('postgres', postgresBackends(database));
      map.set('redis', [redisPid]);
      map.set('bench', [process.pid]);
      return map;
    };
    const phases: [string, Call][] = [
      ['gateway /healthz', () => client.get('/healthz')],
      ['moba page', (w) => client.get(`/api/vacancies/${moba.vacancyId}`, w.auth)],
      ['my applications', (w) => client.get('/api/workers/applications', w.auth)],
      ['apply', (w) => client.post('/api/applications/create', { vacancyId: moba.vacancyId }, w.auth)],
    ];
    const names = [...groups().keys()];
    // The cluster's own polling (consumers, relays, the SMS dispatcher) goes on without calls: measured
    // alone once everything is quiet, and taken off each phase for as long as the phase ran.
    await quiet(stats);
    const idle = await measure(groups, stats, async () => {
      await new Promise((r) => setTimeout(r, IDLE_MS));
      return { seconds: IDLE_MS / 1000, errors: 0 };
    });
    let reference = 0;
    const rows: string[][] = [];
    for (const [kind, call] of phases) {
      await quiet(stats);
      const phase = await measure(groups, stats, async () => {
        const driven = await drive(workers, call);
        // What the calls set off (outbox relays, consumers, read models) is part of their cost.
        if (kind === 'apply') await settled(client, admin.auth, pendingBefore + workers.length);
        await quiet(stats);
        return driven;
      });
      const perSecond = CALLS / phase.seconds;
      if (!reference) reference = perSecond;
      const perCall = (name: string) =>
        (((phase.cpu.get(name) ?? 0) - (idle.cpu.get(name) ?? 0) * (phase.wall / idle.wall)) / CALLS) * 1000;
      const count = (key: keyof Counters) =>
        (phase.counters[key] - idle.counters[key] * (phase.wall / idle.wall)) / CALLS;
      rows.push([
        kind,
        `${perSecond.toFixed(0)}/s (${(perSecond / reference).toFixed(2)})`,
        `${phase.errors}`,
        ...names.map((name) => perCall(name).toFixed(2)),
        names.reduce((sum, name) => sum + perCall(name), 0).toFixed(2),
        `${count('xact').toFixed(1)} / ${count('read').toFixed(0)} / ${count('inserted').toFixed(1)} / ${count('updated').toFixed(1)}`,
      ]);
    }
    console.log(
      `\nidle (no calls, ${IDLE_MS / 1000} s): CPU ${names.map((n) => `${n} ${(((idle.cpu.get(n) ?? 0) / idle.wall) * 100).toFixed(1)} %`).join(', ')} of a core; ` +
        `PostgreSQL ${(idle.counters.xact / idle.wall).toFixed(0)} transactions/s`,
    );
    const header = [
      'kind',
      'calls/s (to /healthz)',
      'errors',
      ...names.map((n) => `${n} ms`),
      'all ms',
      'PG xact / read / ins / upd',
    ];
    console.log(
      `\nCPU per call, ms (a process's CPU over the phase, less its idle CPU for as long, / calls):`,
    );
    for (const [i, head] of header.entries())
      console.log(`  ${head.padEnd(28)} ${rows.map((r) => r[i].padStart(18)).join(' ')}`);
  } finally {
    await stats.end();
    await cluster.stop();
  }
}

const pendingOf = async (client: TestClient, auth: Record<string, string>) =>
  (await client.get('/api/admin/stats', auth)).body.pendingApplications as number;

/** The applications reached the admin's figures (their events were relayed and consumed). */
async function settled(client: TestClient, auth: Record<string, string>, pending: number) {
  while ((await pendingOf(client, auth)) < pending) await new Promise((r) => setTimeout(r, 100));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
