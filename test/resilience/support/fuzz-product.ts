import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testClient } from '@moba/platform/testing';
import { startEmbedded } from '../../../scripts/embedded';
import { ADMIN } from '../../support/product';

/** The whole product on file stores in a temp folder, so a snapshot of every collection is a file listing. */
export async function startFileProduct(env: NodeJS.ProcessEnv = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'moba-fuzz-'));
  const product = await startEmbedded({
    port: 0,
    dataDir,
    env: {
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_SCALE: '100000',
      ...env,
    },
  });
  return {
    ...product,
    dataDir,
    client: testClient(product.url),
    async stop() {
      await product.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every stored document of every service: nedb appends a line to `<service>/<collection>.db` for each
 * insert, update or delete before it answers, so the size and hash of each file tell whether anything
 * was written. Keys are left out (written once at start).
 */
export function storeSnapshot(dataDir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'keys') walk(path);
      } else
        files.set(
          path.slice(dataDir.length + 1),
          createHash('sha1').update(readFileSync(path)).digest('hex').slice(0, 12),
        );
    }
  };
  walk(dataDir);
  return files;
}

export function snapshotDiff(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed: string[] = [];
  for (const [file, hash] of after) if (before.get(file) !== hash) changed.push(file);
  for (const file of before.keys()) if (!after.has(file)) changed.push(`${file} (removed)`);
  return changed;
}

/** Waits until no background writer (outbox relay, consumers, schedulers) touches the stores for `quietMs`. */
export async function settle(dataDir: string, quietMs = 600, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let last = storeSnapshot(dataDir);
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline)
      throw new Error(`stores never settled: ${snapshotDiff(last, storeSnapshot(dataDir)).join(', ')}`);
    await new Promise((r) => setTimeout(r, 100));
    const now = storeSnapshot(dataDir);
    if (snapshotDiff(last, now).length) {
      last = now;
      since = Date.now();
    }
  }
  return last;
}

// ---------------------------------------------------------------------------------------------
// generators
