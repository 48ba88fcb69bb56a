import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNedbStore } from '../src';
import { documentStoreContract } from '../src/testing/contracts';

documentStoreContract('memory:// (nedb in memory)', () => createNedbStore());

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
documentStoreContract('file:// (nedb files in a temp folder)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'moba-store-contract-'));
  dirs.push(dir);
  return createNedbStore(dir);
});
