import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureKeyPair } from '@moba/platform';
import type { TestClient, TestResponse } from '@moba/platform/testing';
import { testClient } from '@moba/platform/testing';
import { ADMIN } from '../../support/product';

/**
 * The distributed mode on this machine, under our control: each service's main.ts and the gateway as
 * their own processes on Redis Streams (a stream prefix unique to this run, so runs never collide),
 * file stores in a temp folder. Any process can be killed with SIGKILL and started again.
 */
const ROOT = join(__dirname, '../../..');
export const SERVICES = ['auth', 'vacancy', 'application', 'rating', 'payment', 'notification'] as const;
export type ProcessName = (typeof SERVICES)[number] | 'gateway';

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
    probe.on('error', fail);
  });

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

export async function startCluster({
  redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  log = (_: string): void => undefined,
}: { redisUrl?: string; log?: (line: string) => void } = {}) {
  const runId = `drill-${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'moba-drill-'));
  const keysDir = join(dataDir, 'keys');
  ensureKeyPair(keysDir);
  const ports = Object.fromEntries(
    await Promise.all([...SERVICES, 'gateway'].map(async (n) => [n, await freePort()])),
  ) as Record<ProcessName, number>;
  const urlOf = (name: ProcessName) => `http://127.0.0.1:${ports[name]}`;
  // claimIdleMs small: events a killed consumer held unacknowledged are taken over within seconds.
  const busUrl = `${redisUrl}?prefix=${runId}&claimIdleMs=2000&blockMs=500`;
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.DRILL_LOG_LEVEL ?? 'error',
    EVENT_BUS_URL: busUrl,
    FANOUT_URL: `${redisUrl}?channel=${runId}:fanout`,
    STORE_URL: `file://${dataDir}`,
    KEYS_DIR: keysDir,
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_SCALE: '10000',
    PHOTOS_DIR: join(dataDir, 'auth-photos'),
    PUBLIC_URL: urlOf('gateway'),
    ARGON2_MEMORY_KIB: '8192',
    ARGON2_TIME_COST: '1',
  };
  const children = new Map<ProcessName, ChildProcess>();
  // If this process dies without stop() (a crash, process.exit), take the children with it.
  const orphanGuard = () => {
    for (const child of children.values()) child.kill('SIGKILL');
  };
  process.once('exit', orphanGuard);
  const output = new Map<ProcessName, string>();

  async function start(name: ProcessName) {
    const script = name === 'gateway' ? 'gateway/src/main.ts' : `services/${name}/src/main.ts`;
    const extra: NodeJS.ProcessEnv =
      name === 'gateway'
        ? {
            PORT: String(ports.gateway),
            SERVICE_URLS: SERVICES.map((s) => `${s}=${urlOf(s)}`).join(';'),
            WEB_DIST: '/nonexistent',
            RATE_LIMIT_URL: `${redisUrl}?prefix=${runId}:rate:`,
          }
        : { PORT: String(ports[name]) };
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: ROOT,
      env: { ...baseEnv, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) =>
      output.set(name, ((output.get(name) ?? '') + chunk.toString()).slice(-4000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    children.set(name, child);
    await healthy(name === 'gateway' ? `${urlOf('gateway')}/api/healthz` : `${urlOf(name)}/healthz`);
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
    // Drop this run's streams (the prefix is unique to it).
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
    rmSync(dataDir, { recursive: true, force: true });
  }

  try {
    await start('auth'); // creates the admin
    await Promise.all(SERVICES.filter((s) => s !== 'auth').map(start));
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
    url: urlOf('gateway'),
    urlOf,
    start,
    kill,
    stop,
    output,
    client: resilientClient(urlOf('gateway'), urlOf('notification')),
  };
}
export type Cluster = Awaited<ReturnType<typeof startCluster>>;

const RETRYABLE = new Set([502, 503, 504]);

/**
 * A client as a phone app would behave while a service restarts: a refused connection or a 502/503/504
 * is retried with backoff (bounded). The dev mailbox is read straight from the notification service
 * (the distributed gateway has no /dev routes); there is no dev clock in this mode (404).
 */
export function resilientClient(
  gatewayUrl: string,
  notificationUrl: string,
  stats = { retries: 0, ambiguous409: 0 },
) {
  const gateway = testClient(gatewayUrl);
  const notification = testClient(notificationUrl);
  const request: TestClient['request'] = async (method, path, options = {}) => {
    if (path.startsWith('/api/dev/'))
      return { status: 404, headers: new Headers(), text: '', body: undefined };
    const target = path.startsWith('/dev/') ? notification : gateway;
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
          stats.ambiguous409++;
          return { ...response, status: 201 };
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
