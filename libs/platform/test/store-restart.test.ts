import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTsToEnd, spawnTs } from './fixtures/spawn';

const script = join(__dirname, 'fixtures', 'store-restart.ts');

describe('file store across process restarts', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'moba-restart-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const expected = {
    all: [
      { _id: 'u1', email: 'ana@example.rs', name: 'Ana', logins: 2, tags: ['picker'] },
      { _id: 'u2', email: 'bojan@example.rs', name: 'Bojan' },
    ],
    duplicateRejected: true,
  };

  it('gives the next process the data the previous one wrote, with its unique index', async () => {
    const writer = await runTsToEnd(script, [dir, 'write']);
    expect(writer.code).toBe(0);
    const reader = await runTsToEnd(script, [dir, 'read']);
    expect(reader.result).toEqual(expected);
  }, 30000);

  it('keeps the data of a process that was killed with SIGKILL', async () => {
    const writer = spawnTs(script, [dir, 'write', 'hang']);
    await writer.line(/"written":true/);
    await writer.kill('SIGKILL');
    const reader = await runTsToEnd(script, [dir, 'read']);
    expect(reader.result).toEqual(expected);
  }, 30000);
});
