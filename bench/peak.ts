/**
 * bench/peak: the seasonal peak on the distributed mode. Every service and the gateway run as their own
 * processes on Redis Streams (test/resilience/support/cluster.ts); a season is seeded through the public
 * API; then PEAK_USERS virtual workers browse and apply for PEAK_SECONDS: each one loops
 *   browse open mobas (a random page) → my active mobas → my notifications → apply to the next moba
 * over one keep-alive connection each. In the same run the same driver hits a bare node:http server
 * (one trivial JSON answer) with as many users, for the ratio.
 *
 * Printed: throughput, p50/p99 per kind of call, error count (network errors, 5xx, or any answer the
 * call should not get; 409 'Already applied' is the product's answer to a repeated application and not
 * an error), the ratio to bare node:http, and the machine's load. 0 errors is the bar.
 *
 * Run: npx tsx bench/peak.ts   (PEAK_USERS=24, PEAK_SECONDS=20, PEAK_ESTATES=4, PEAK_MOBAS=5, REDIS_URL)
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import { simulateSeason } from '../scripts/season/simulate-season';
import { ADMIN } from '../test/support/product';
import { startCluster } from '../test/resilience/support/cluster';
import { spawnServer } from './src/spawn-server';

const USERS = Number(process.env.PEAK_USERS ?? 24);
const SECONDS = Number(process.env.PEAK_SECONDS ?? 20);
const ESTATES = Number(process.env.PEAK_ESTATES ?? 4);
const MOBAS = Number(process.env.PEAK_MOBAS ?? 5);

type Kind = 'browse' | 'my-active' | 'notifications' | 'apply' | 'bare';
interface Call {
  kind: Kind;
  method: string;
  path: string;
  body?: string;
  ok: (status: number, text: string) => boolean;
}

function request(
  agent: http.Agent,
  base: URL,
  call: Call,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
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
  statuses: Map<string, number>;
  total: number;
}

/** USERS virtual users, each with its own keep-alive connection, looping over its calls until the time is up. */
async function drive(
  baseUrl: string,
  users: { headers: Record<string, string>; next: () => Call }[],
  seconds: number,
): Promise<Stats & { seconds: number }> {
  const base = new URL(baseUrl);
  const stats: Stats = { latencies: new Map(), errors: new Map(), statuses: new Map(), total: 0 };
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
          const ms = performance.now() - t0;
          stats.total++;
          const list = stats.latencies.get(call.kind) ?? [];
          list.push(ms);
          stats.latencies.set(call.kind, list);
          stats.statuses.set(
            `${call.kind} ${status}`,
            (stats.statuses.get(`${call.kind} ${status}`) ?? 0) + 1,
          );
          if (!call.ok(status, text))
            stats.errors.set(
              `${call.kind} ${status} ${text.slice(0, 80)}`,
              (stats.errors.get(`${call.kind} ${status} ${text.slice(0, 80)}`) ?? 0) + 1,
            );
        } catch (error) {
          stats.total++;
          stats.errors.set(
            `${call.kind} ${(error as Error).message}`,
            (stats.errors.get(`${call.kind} ${(error as Error).message}`) ?? 0) + 1,
          );
        }
      }
      agent.destroy();
    }),
  );
  return { ...stats, seconds: (Date.now() - started) / 1000 };
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

function errorLines(s: Stats) {
  return [...s.errors].map(([what, n]) => `    ${n} × ${what}`).join('\n');
}

function summary(name: string, s: Stats & { seconds: number }) {
  const all = [...s.latencies.values()].flat();
  const errors = [...s.errors.values()].reduce((a, b) => a + b, 0);
  const lines = [
    `${name.padEnd(26)} ${(s.total / s.seconds).toFixed(0).padStart(6)} req/s   p50 ${percentile(all, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(all, 99).toFixed(1).padStart(6)} ms   errors ${errors}   (${s.total} requests)`,
  ];
  for (const [kind, values] of s.latencies)
    if (s.latencies.size > 1)
      lines.push(
        `  ${kind.padEnd(24)} ${String(values.length).padStart(6)} calls   p50 ${percentile(values, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(values, 99).toFixed(1).padStart(6)} ms`,
      );
  if (errors) lines.push(errorLines(s));
  lines.push(`  answers: ${[...s.statuses].map(([k, n]) => `${k}×${n}`).join(', ')}`);
  return { text: lines.join('\n'), rps: s.total / s.seconds, errors };
}

async function main() {
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const bare = await spawnServer('trivial-service.ts');
  const cluster = await startCluster().catch((error) => {
    bare.child.kill('SIGTERM');
    throw error;
  });
  try {
    console.log(`seeding: ${ESTATES} estates × ${MOBAS} mobas, ${USERS} workers (through the public API)…`);
    const season = await simulateSeason(cluster.client as never, {
      estates: ESTATES,
      workers: USERS,
      mobasPerEstate: MOBAS,
      seed: Date.now() % 100_000,
      admin: ADMIN,
      finishJobs: false,
    });
    const vacancies = season.openVacancies;
    const mix = (auth: Record<string, string>, offset: number) => {
      let step = 0;
      let nextVacancy = offset;
      return {
        headers: auth,
        next: (): Call => {
          const kind = (['browse', 'browse', 'my-active', 'notifications', 'apply'] as const)[step++ % 5];
          if (kind === 'browse')
            return {
              kind,
              method: 'POST',
              path: '/api/workers/vacancies/open',
              body: JSON.stringify({ page: 1 + (step % 3) }),
              ok: (s) => s === 200,
            };
          if (kind === 'my-active')
            return { kind, method: 'GET', path: '/api/workers/vacancies/my/active', ok: (s) => s === 200 };
          if (kind === 'notifications')
            return { kind, method: 'GET', path: '/api/notifications/all', ok: (s) => s === 200 };
          const vacancyId = vacancies[nextVacancy++ % vacancies.length];
          return {
            kind,
            method: 'POST',
            path: '/api/applications/create',
            body: JSON.stringify({ vacancyId }),
            ok: (s, text) => s === 201 || (s === 409 && text === 'Already applied'),
          };
        },
      };
    };
    const users = season.workerSessions.slice(0, USERS).map((w, i) => mix(w.auth, i));
    console.log(`${users.length} virtual workers, ${vacancies.length} open mobas, ${SECONDS} s each run\n`);

    const bareUsers = users.map(() => ({
      headers: {},
      next: (): Call => ({ kind: 'bare', method: 'GET', path: '/trivial', ok: (s) => s === 200 }),
    }));
    await drive(bare.url, bareUsers, 2); // warm-up
    const bareRun = summary('bare node:http', await drive(bare.url, bareUsers, SECONDS));
    const peakRun = summary('peak (gateway, 7 processes)', await drive(cluster.url, users, SECONDS));
    console.log(bareRun.text);
    console.log(peakRun.text);
    console.log(`\nratio peak / bare node:http: ${(peakRun.rps / bareRun.rps).toFixed(3)}`);
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    if (peakRun.errors) console.log(`ERRORS (bar: 0)`);
    process.exitCode = peakRun.errors || bareRun.errors ? 1 : 0;
  } finally {
    bare.child.kill('SIGTERM');
    await cluster.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
