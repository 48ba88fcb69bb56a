import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort, freePortBlock } from '@moba/platform/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { testClient } from '@moba/platform/testing';
import { dropSchemas } from '../../scripts/distributed/engines';
import { ADMIN } from './product';

const ROOT = join(__dirname, '../..');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://moba:moba@127.0.0.1:5432/moba_test';

/**
 * `npm run start:distributed` itself (scripts/start-distributed.mjs), on free ports, with a Redis and
 * schema prefix of its own, a temp data folder, the test admin and cheap password hashing. stop()
 * sends Ctrl-C, waits for every process to end, then drops the run's Redis keys and schemas.
 */
export async function startDistributed(env: Record<string, string> = {}) {
  const prefix = `dist_${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'moba-distributed-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start-distributed.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVICE_BASE_PORT: String(await freePortBlock(17)), // base + 1 … base + 16 (start-distributed.mjs)
      DATA_DIR: dataDir,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      POSTGRES_URL,
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_SCALE: '1000',
      ARGON2_MEMORY_KIB: '8192',
      ARGON2_TIME_COST: '1',
      // A loaded machine starts processes slowly: the test's own timeout bounds the wait, not the script.
      HEALTH_WAIT_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  async function stop() {
    if (child.exitCode === null) {
      child.kill('SIGINT');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 20_000)))]);
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    const redis = new Redis(REDIS_URL);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 200);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
    await dropSchemas(POSTGRES_URL, prefix);
    rmSync(dataDir, { recursive: true, force: true });
  }

  // Should the test time out while it waits, its processes do not outlive the test run.
  process.once('exit', () => child.kill('SIGKILL'));
  while (!output.includes('Moba (distributed) is running')) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`start:distributed exited early:\n${output.slice(-6000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const url = `http://127.0.0.1:${port}`;
  return { url, prefix, client: testClient(url), output: () => output, stop };
}
