import { randomUUID } from 'node:crypto';
import type { Fanout } from '../../fanout/fanout';

/**
 * The Fanout contract: a message published by one notification instance reaches the handlers of
 * every instance (itself included). `makeFanout` is called once per instance; the instances of one
 * test must share the hub (one Redis, one memory hub).
 */
export function fanoutContract(
  name: string,
  makeFanout: () => Fanout | Promise<Fanout>,
  { timeoutMs = 3000 } = {},
) {
  describe(`Fanout contract: ${name}`, () => {
    const made: Fanout[] = [];
    const instance = async () => {
      const fanout = await makeFanout();
      made.push(fanout);
      return fanout;
    };
    afterEach(async () => {
      for (const fanout of made.splice(0)) await fanout.close();
    });

    const waitFor = async (check: () => boolean, label: string) => {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };

    it('delivers a message published on one instance to the handlers of every instance', async () => {
      const a = await instance();
      const b = await instance();
      const c = await instance();
      const heard: Record<string, [string, unknown][]> = { a: [], b: [], c: [] };
      a.onMessage((userId, message) => heard.a.push([userId, message]));
      b.onMessage((userId, message) => heard.b.push([userId, message]));
      c.onMessage((userId, message) => heard.c.push([userId, message]));
      const userId = randomUUID();
      const message = {
        type: 'notification',
        notification: { id: randomUUID(), text: 'Prijava prihvaćena ✓', read: false, n: 3 },
      };
      await a.publish(userId, message);
      await waitFor(() => Object.values(heard).every((list) => list.length === 1), 'every instance');
      for (const list of Object.values(heard)) expect(list).toEqual([[userId, message]]);
    });

    it('delivers messages published together to every instance, in their order, each to its user', async () => {
      const a = await instance();
      const b = await instance();
      const heard: Record<string, [string, unknown][]> = { a: [], b: [] };
      a.onMessage((userId, message) => heard.a.push([userId, message]));
      b.onMessage((userId, message) => heard.b.push([userId, message]));
      const messages = Array.from({ length: 5 }, (_, n) => ({ userId: randomUUID(), message: { n } }));
      await a.publishMany(messages);
      await a.publishMany([]);
      await a.publish('after', { n: 5 });
      await waitFor(() => heard.a.length === 6 && heard.b.length === 6, 'six messages on each instance');
      const expected = [...messages.map((m) => [m.userId, m.message]), ['after', { n: 5 }]];
      expect(heard.a).toEqual(expected);
      expect(heard.b).toEqual(expected);
    });

    it('the publishing instance hears its own messages as it publishes them, and only once', async () => {
      const a = await instance();
      const b = await instance();
      const heard: [string, unknown][] = [];
      a.onMessage((userId, message) => heard.push([userId, message]));
      const userId = randomUUID();
      const published = a.publish(userId, { n: 0 });
      expect(heard).toEqual([[userId, { n: 0 }]]); // before any round trip
      await published;
      const many = a.publishMany([1, 2].map((n) => ({ userId, message: { n } })));
      expect(heard).toHaveLength(3);
      await many;
      // b publishes after a's messages were published: when a hears b's, any echo of its own came first.
      await b.publish('marker', { n: 'marker' });
      await waitFor(() => heard.some(([user]) => user === 'marker'), "b's marker");
      expect(heard.map(([, message]) => (message as { n: unknown }).n)).toEqual([0, 1, 2, 'marker']);
    });

    it('keeps the order of messages from one instance and stops delivering to a closed instance', async () => {
      const a = await instance();
      const b = await instance();
      const heard: number[] = [];
      b.onMessage((_userId, message) => heard.push((message as { n: number }).n));
      for (let n = 0; n < 20; n++) await a.publish('user-1', { n });
      await waitFor(() => heard.length === 20, 'twenty messages');
      expect(heard).toEqual([...Array(20).keys()]);
      await b.close();
      made.splice(made.indexOf(b), 1);
      await a.publish('user-1', { n: 99 });
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).toHaveLength(20);
    });
  });
}
