import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { deleteKeys, REDIS_URL } from './fixtures/redis';
import { runTsToEnd, spawnedPerTest, type Child } from './fixtures/spawn';

const fixture = (name: string) => join(__dirname, 'fixtures', name);
const handledIds = (child: Child) => [...child.output().matchAll(/^handled (\S+)/gm)].map((m) => m[1]);

describe('Redis Streams bus and Redis fanout across OS processes', () => {
  const { start, until } = spawnedPerTest();
  afterAll(() => deleteKeys('processes.*'));

  const publish = async (topic: string, count: number, keyMode = 'key-each') => {
    const run = await runTsToEnd<string[]>(fixture('redis-publisher.ts'), [
      REDIS_URL,
      topic,
      String(count),
      keyMode,
    ]);
    if (!run.result) throw new Error(`publisher failed:\n${run.output}`);
    return run.result;
  };

  const waitUntil = (check: () => boolean, label: string, timeoutMs = 15000) =>
    until(check, label, timeoutMs);

  it('delivers each event published in one process once to a consumer group whose members are other processes', async () => {
    const topic = `processes.${randomUUID().slice(0, 8)}.v1`;
    const first = start(fixture('redis-consumer.ts'), [REDIS_URL, topic, 'billing', '20']);
    const second = start(fixture('redis-consumer.ts'), [REDIS_URL, topic, 'billing', '20']);
    await Promise.all([first.line(/^ready/), second.line(/^ready/)]);

    const ids = await publish(topic, 30);
    await waitUntil(
      () => handledIds(first).length + handledIds(second).length >= 30,
      'thirty events handled',
    );
    await new Promise((r) => setTimeout(r, 500));

    const all = [...handledIds(first), ...handledIds(second)];
    expect(all.sort()).toEqual([...ids].sort());
    expect(new Set(all).size).toBe(30);
  }, 60000);

  it('delivers the events a consumer killed mid-batch never acknowledged to the consumer started after it', async () => {
    const topic = `processes.${randomUUID().slice(0, 8)}.v1`;
    // claimIdleMs: how long an unacknowledged entry waits before another member takes it over.
    const url = `${REDIS_URL}?claimIdleMs=1000`;
    const doomed = start(fixture('redis-consumer.ts'), [url, topic, 'mailer', '150']);
    await doomed.line(/^ready/);
    const ids = await publish(topic, 10, 'one-key');
    // All ten are in one batch, handled one after another; kill it in the middle.
    await waitUntil(() => handledIds(doomed).length >= 3, 'three events handled by the first consumer');
    await doomed.kill('SIGKILL');
    const finishedBeforeKill = handledIds(doomed);
    expect(finishedBeforeKill.length).toBeLessThan(10);

    const successor = start(fixture('redis-consumer.ts'), [url, topic, 'mailer', '0']);
    await successor.line(/^ready/);
    const unfinished = ids.filter((id) => !finishedBeforeKill.includes(id));
    await waitUntil(
      () => unfinished.every((id) => handledIds(successor).includes(id)),
      'the unacknowledged events',
    );
    // At least once: everything is handled; what the first one had finished is not repeated
    // (except at most the one whose acknowledgement the kill may have cut off).
    const repeated = handledIds(successor).filter((id) => finishedBeforeKill.includes(id));
    expect(repeated.length).toBeLessThanOrEqual(1);
    expect(new Set([...finishedBeforeKill, ...handledIds(successor)]).size).toBe(10);
  }, 60000);

  it('lets a message published on notification instance A reach a subscriber on instance B', async () => {
    const url = `${REDIS_URL}?channel=processes:fanout:${randomUUID()}`;
    const b = start(fixture('fanout-instance.ts'), [url, 'B']);
    await b.line(/^ready B/);
    const userId = randomUUID();
    const a = start(fixture('fanout-instance.ts'), [url, 'A', 'publish', userId]);
    const heardOnB = await b.line(/^heard /);
    expect(heardOnB).toBe(`heard ${userId} ${JSON.stringify({ from: 'A', text: 'Nova prijava' })}`);
    expect(await a.line(/^heard /)).toBe(heardOnB);
  }, 60000);
});
