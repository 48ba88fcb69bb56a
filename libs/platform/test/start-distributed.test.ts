import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, freePortBlock } from '../src/testing/ports';
import { deleteKeys, REDIS_URL } from './fixtures/redis';
import { REPO_ROOT } from './fixtures/spawn';
import { spawn } from 'node:child_process';
import { dropSchemas } from '../../../scripts/distributed/engines';
import { validWorkerSignUp } from '../../../test/support/sign-ups';
import { SERVICE_NAMES } from '../../../test/support/service-names';

const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://moba:moba@127.0.0.1:5432/moba_test';

/**
 * `npm run start:distributed`: ten OS processes (two instances each of vacancy, application and
 * notification, one of auth, rating and payment, the gateway) on Redis Streams, Redis fan-out and a
 * PostgreSQL schema per service. Ports, data folder, Redis names and schemas are private to the run.
 */
describe('npm run start:distributed', () => {
  const prefix = `startdist-${randomUUID().slice(0, 8)}`;
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'moba-distributed-'));
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await deleteKeys(`${prefix}:*`);
    await dropSchemas(POSTGRES_URL, prefix);
  });

  it('stops at once with one line naming PostgreSQL when it does not answer', async () => {
    const closed = await freePort();
    const child = spawn(process.execPath, ['scripts/start-distributed.mjs'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        REDIS_URL,
        POSTGRES_URL: `postgres://moba:moba@127.0.0.1:${closed}/moba`,
        SKIP_WEB_BUILD: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^start:distributed: no PostgreSQL answers at postgres://moba:\\*\\*\\*@127\\.0\\.0\\.1:${closed}/moba `,
        ),
      ),
    ]);
  }, 30_000);

  it('answers /api/healthz with every process up, carries a sign-up event from auth to both notification instances, and stops cleanly on Ctrl-C', async () => {
    const port = await freePort();
    const basePort = await freePortBlock(17); // base + 1 … base + 16 (start-distributed.mjs)
    const child = spawn(process.execPath, ['scripts/start-distributed.mjs'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SERVICE_BASE_PORT: String(basePort),
        DATA_DIR: dataDir,
        REDIS_URL,
        REDIS_PREFIX: prefix,
        POSTGRES_URL,
        SKIP_WEB_BUILD: '1',
        LOG_LEVEL: 'info',
        ADMIN_EMAIL: 'admin@distributed.test',
        ADMIN_PASSWORD: 'distributed-admin-password',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 170_000;
      while (!output.includes('Moba (distributed) is running')) {
        if (child.exitCode !== null) throw new Error(`start:distributed exited early:\n${output}`);
        if (Date.now() > deadline) throw new Error(`start:distributed did not come up:\n${output}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      // Every instance prefixes its lines; the summary names the instances and the engines.
      for (const name of ['auth', 'vacancy-2', 'application-2', 'notification-2', 'gateway'])
        expect(output).toMatch(new RegExp(`^${name} +\\| `, 'm'));
      expect(output).toMatch(/instances: auth ×1 .*vacancy ×2 .*application ×2 .*notification ×2/);
      expect(output).toMatch(/event bus Redis Streams/);
      expect(output).toMatch(/stores PostgreSQL postgres:\/\/moba:\*\*\*@/);

      const health = await fetch(`http://127.0.0.1:${port}/api/healthz`);
      expect(health.status).toBe(200);
      const body = (await health.json()) as {
        services: Record<string, { status: string; instances: number }>;
      };
      expect(Object.keys(body.services).sort()).toEqual(SERVICE_NAMES);
      for (const service of Object.values(body.services)) expect(service.status).toBe('up');
      expect(
        Object.fromEntries(Object.entries(body.services).map(([name, s]) => [name, s.instances])),
      ).toEqual({ auth: 1, vacancy: 2, application: 2, rating: 1, payment: 1, notification: 2 });

      // The gateway process proxies to the auth process, which signs with the keys in DATA_DIR/keys.
      const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@distributed.test', password: 'distributed-admin-password' }),
      });
      expect(login.status).toBe(200);
      expect(typeof ((await login.json()) as { token?: string }).token).toBe('string');

      // The gateway balances over both vacancy instances: each answers some of ten requests
      // (counted on each instance's own /metrics, before and after).
      const vacancyRequests = () =>
        Promise.all(
          [basePort + 2, basePort + 12].map(async (instancePort) => {
            const text = await (await fetch(`http://127.0.0.1:${instancePort}/metrics`)).text();
            return [...text.matchAll(/^http_requests_total\{[^}]*\} (\d+)$/gm)].reduce(
              (n, m) => n + Number(m[1]),
              0,
            );
          }),
        );
      const before = await vacancyRequests();
      for (let i = 0; i < 10; i++)
        await (await fetch(`http://127.0.0.1:${port}/api/vacancies/preview`)).arrayBuffer();
      const after = await vacancyRequests();
      const answered = after.map((n, i) => n - before[i] - 1); // less the first /metrics call itself
      expect(answered[0] + answered[1]).toBeGreaterThanOrEqual(10);
      expect(Math.min(...answered)).toBeGreaterThan(0);

      // An event crosses processes on Redis Streams: the auth process publishes the sign-up's
      // EmailVerificationRequested, a notification instance consumes it and stores the mail in the
      // store both instances share, so either instance shows it.
      const email = `worker-${randomUUID().slice(0, 8)}@distributed.test`;
      const signup = await fetch(`http://127.0.0.1:${port}/api/signup-worker`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(validWorkerSignUp({ email })),
      });
      expect({ status: signup.status, body: signup.status < 300 ? null : await signup.text() }).toEqual({
        status: expect.any(Number),
        body: null,
      });
      for (const instancePort of [basePort + 6, basePort + 16]) {
        const deadline = Date.now() + 30_000;
        let mails: unknown[] = [];
        while (Date.now() < deadline) {
          const response = await fetch(
            `http://127.0.0.1:${instancePort}/dev/mailbox.json?to=${encodeURIComponent(email)}`,
          );
          mails = response.ok ? ((await response.json()) as unknown[]) : [];
          if (mails.length) break;
          await new Promise((r) => setTimeout(r, 250));
        }
        expect({ instancePort, mails: mails.length }).toEqual({ instancePort, mails: 1 });
      }
    } finally {
      // Also on failure: wait for the processes to stop before the keys are deleted.
      child.kill('SIGINT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    }
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${basePort + 6}/healthz`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${port}/api/healthz`)).rejects.toThrow();
  }, 200_000);
});
