import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '@moba/platform/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureKeyPair } from '@moba/platform';
import { distributedPlan, SERVICES } from '../../../scripts/distributed/plan';
import { dropSchemas } from '../../../scripts/distributed/engines';
import type { TestClient, TestResponse } from '@moba/platform/testing';
import { testClient } from '@moba/platform/testing';
import { ADMIN } from '../../support/product';

/**
 * The distributed mode on this machine, under our control: the topology of `npm run start:distributed`
 * (scripts/distributed/plan.ts: Redis Streams, Redis fan-out, a PostgreSQL schema per service, the hot
 * services `hotInstances` times) on free ports, with a stream and schema prefix unique to this run so
 * runs never collide. Any instance can be killed with SIGKILL and started again.
 */
const ROOT = join(__dirname, '../../..');
export { SERVICES };
/** An instance name from the plan (`auth`, `vacancy-2`, …) or `gateway`. */
export type ProcessName = string;

async function healthy(url: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not healthy within ${timeoutMs} ms`);
}

export const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://moba:moba@127.0.0.1:5432/moba_test';

export async function startCluster({
  redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  postgresUrl = POSTGRES_URL,
  hotInstances = 2,
  env: extraEnv = {},
  log = (_: string): void => undefined,
}: {
  redisUrl?: string;
  postgresUrl?: string;
  hotInstances?: number;
  /** Added to every process's environment (e.g. RATE_LIMIT_SCALE for a benchmark). */
  env?: Record<string, string>;
  log?: (line: string) => void;
} = {}) {
  const runId = `drill_${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'moba-drill-'));
  const gatewayPort = await freePort();
  const ports = new Map<string, number>();
  for (const service of SERVICES)
    for (let ordinal = 1; ordinal <= hotInstances; ordinal++)
      ports.set(`${service}-${ordinal}`, await freePort());
  const plan = distributedPlan({
    redisUrl,
    prefix: runId,
    postgresUrl,
    hotInstances,
    portOf: (service, ordinal) => ports.get(`${service}-${ordinal}`)!,
    dataDir,
    publicUrl: `http://127.0.0.1:${gatewayPort}`,
    nodeEnv: 'development',
    logLevel: process.env.DRILL_LOG_LEVEL ?? 'error',
    // Small claimIdleMs: events a killed consumer held unacknowledged are taken over within seconds.
    busParams: { claimIdleMs: '2000', blockMs: '500' },
  });
  ensureKeyPair(plan.keysDir);
  const instances = new Map(plan.instances.map((i) => [i.name, i]));
  const urlOf = (name: ProcessName) =>
    name === 'gateway' ? `http://127.0.0.1:${gatewayPort}` : plan.urlOf(instances.get(name)!);
  const commonEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_SCALE: '10000',
    ARGON2_MEMORY_KIB: '8192',
    ARGON2_TIME_COST: '1',
    ...extraEnv,
  };
  const children = new Map<ProcessName, ChildProcess>();
  // If this process dies without stop() (a crash, process.exit), take the children with it.
  const orphanGuard = () => {
    for (const child of children.values()) child.kill('SIGKILL');
  };
  process.once('exit', orphanGuard);
  const output = new Map<ProcessName, string>();

  async function start(name: ProcessName) {
    const instance = instances.get(name);
    if (!instance && name !== 'gateway') throw new Error(`no instance ${name} in the plan`);
    const script = instance ? `services/${instance.service}/src/main.ts` : 'gateway/src/main.ts';
    const processEnv = instance
      ? instance.env
      : { ...plan.gatewayEnv, PORT: String(gatewayPort), WEB_DIST: '/nonexistent' };
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: ROOT,
      env: { ...commonEnv, ...processEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) =>
      output.set(name, ((output.get(name) ?? '') + chunk.toString()).slice(-4000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    children.set(name, child);
    await healthy(instance ? `${urlOf(name)}/healthz` : `${urlOf('gateway')}/api/healthz`);
    log(`${name} up (pid ${child.pid})`);
  }

  /** kill -9: no shutdown hook runs, in-flight requests and unacknowledged events are cut off. */
  async function kill(name: ProcessName) {
    const child = children.get(name);
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    children.delete(name);
    log(`${name} killed (pid ${child.pid})`);
  }

  async function stop() {
    await Promise.all(
      [...children].map(async ([name, child]) => {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 5000)))]);
          clearTimeout(timer);
          if (child.exitCode === null && child.signalCode === null) {
            child.kill('SIGKILL');
            await exited;
          }
        }
        children.delete(name);
      }),
    );
    process.removeListener('exit', orphanGuard);
    // Drop this run's streams, keys and schemas (the prefix is unique to it).
    const { default: Redis } = await import('ioredis');
    const redis = new Redis(redisUrl);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${runId}*`, 'COUNT', 200);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
    await dropSchemas(postgresUrl, runId);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const [auth, ...rest] = plan.instances;
  try {
    await start(auth.name); // creates the admin
    await Promise.all(rest.map((i) => start(i.name)));
    await start('gateway');
  } catch (error) {
    await stop();
    throw new Error(
      `${(error as Error).message}\n${[...output].map(([n, o]) => `--- ${n}\n${o}`).join('\n')}`,
    );
  }

  return {
    runId,
    dataDir,
    plan,
    /** Every instance's name, in start order (auth first), then the gateway. */
    names: [...plan.instances.map((i) => i.name), 'gateway'] as ProcessName[],
    url: urlOf('gateway'),
    urlOf,
    /** The pid of each running process, for CPU sampling. */
    pids: () => new Map([...children].map(([name, child]) => [name, child.pid!])),
    start,
    kill,
    stop,
    output,
    client: resilientClient(urlOf('gateway')),
  };
}
export type Cluster = Awaited<ReturnType<typeof startCluster>>;

const RETRYABLE = new Set([502, 503, 504]);

/**
 * A client as a phone app would behave while a service restarts: a refused connection or a 502/503/504
 * is retried with backoff (bounded). Everything goes through the gateway, the dev mailbox and the
 * shared dev clock too.
 */
export function resilientClient(gatewayUrl: string, stats = { retries: 0, ambiguousRetries: 0 }) {
  const target = testClient(gatewayUrl);
  const request: TestClient['request'] = async (method, path, options = {}) => {
    let retried = false;
    for (let attempt = 0; ; attempt++) {
      let response: TestResponse | undefined;
      try {
        response = await target.request(method, path, options);
      } catch {
        response = undefined; // connection refused or reset
      }
      if (response && !RETRYABLE.has(response.status)) {
        // A sign-up whose first answer was lost to a kill may have happened: the account exists now.
        if (retried && response.status === 409 && /\/signup-(worker|estate)$/.test(path)) {
          stats.ambiguousRetries++;
          return { ...response, status: 201 };
        }
        // So may a confirmation: its link is single-use, the retry finds it used (the login after it
        // fails if the first try did not confirm).
        if (retried && response.status === 400 && path === '/api/verify-email') {
          stats.ambiguousRetries++;
          return { ...response, status: 200 };
        }
        return response;
      }
      if (attempt >= 60)
        return response ?? { status: 599, headers: new Headers(), text: 'unreachable', body: undefined };
      retried = true;
      stats.retries++;
      await new Promise((r) => setTimeout(r, Math.min(1000, 100 * 2 ** attempt)));
    }
  };
  return {
    url: gatewayUrl,
    stats,
    request,
    get: (path: string, headers?: Record<string, string>) => request('GET', path, { headers }),
    post: (path: string, body?: unknown, headers?: Record<string, string>) =>
      request('POST', path, { body, headers }),
    put: (path: string, body?: unknown, headers?: Record<string, string>) =>
      request('PUT', path, { body, headers }),
    delete: (path: string, headers?: Record<string, string>) => request('DELETE', path, { headers }),
  } satisfies TestClient & { stats: typeof stats };
}
