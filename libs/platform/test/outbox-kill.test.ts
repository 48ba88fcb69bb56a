import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTsToEnd, spawnTs } from './fixtures/spawn';

const fixture = (name: string) => join(__dirname, 'fixtures', name);

describe('outbox across a crash', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'moba-outbox-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('delivers an event whose writer was killed before publishing, exactly once even when the relay publishes it twice', async () => {
    // 1. A process writes the document with its pending event and is killed (SIGKILL) before any relay runs.
    const writer = spawnTs(fixture('outbox-writer.ts'), [join(dir, 'producer')]);
    const { eventId } = JSON.parse(await writer.line(/"written":true/)) as { eventId: string };
    await writer.kill('SIGKILL');
    expect((await writer.exited).signal).toBe('SIGKILL');

    // 2. A new process relays it; the consumer handles it, but the process dies before the relay removes the entry.
    const crashed = await runTsToEnd(fixture('outbox-relay.ts'), [dir, 'crash-after-publish']);
    expect(crashed.signal).toBe('SIGKILL');

    // 3. The next process publishes the same event again: the idempotent consumer skips it.
    const second = await runTsToEnd<{
      published: number;
      handlerRuns: number;
      pending: number;
      effect: { count: number; eventIds: string[] };
    }>(fixture('outbox-relay.ts'), [dir, 'normal']);
    expect(second.code).toBe(0);
    expect(second.result).toEqual({
      published: 1,
      handlerRuns: 0,
      pending: 0,
      effect: { _id: 'order-1', count: 1, eventIds: [eventId] },
    });

    // 4. Nothing is left to publish.
    const third = await runTsToEnd<{ published: number; pending: number }>(fixture('outbox-relay.ts'), [
      dir,
      'normal',
    ]);
    expect(third.result).toMatchObject({ published: 0, handlerRuns: 0, pending: 0 });
  }, 60000);
});
