import { TEST_INTERNAL_SECRET } from '@moba/platform/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { topics, UserBanned, UserReactivated } from '@moba/contracts';
import { createLogger, createMemoryBus, type AuthUser } from '@moba/platform';
import { createTokenStateReplica } from '../src/token-state';

const user = (id: string, tokenVersion: number): AuthUser => ({
  id,
  role: 'Worker',
  fullName: 'Radnik',
  tokenVersion,
});

describe("the gateway's token-state replica", () => {
  let auth: Server;
  let authUrl: string;
  let states: unknown[] = [];
  beforeAll(async () => {
    auth = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(states));
    });
    await new Promise<void>((resolve) => auth.listen(0, '127.0.0.1', resolve));
    authUrl = `http://127.0.0.1:${(auth.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => auth.close(resolve)));

  it('hears every token change in each gateway instance (a group per instance)', async () => {
    const bus = createMemoryBus();
    const [first, second] = [createTokenStateReplica(), createTokenStateReplica()];
    await first.subscribe(bus, 'gateway-a');
    await second.subscribe(bus, 'gateway-b');
    const id = crypto.randomUUID();
    await bus.publish(topics.auth, UserBanned.create(id, { userId: id, tokenVersion: 1, reason: 'spam' }));
    expect(first.refusal(user(id, 1))).toBe('banned');
    expect(second.refusal(user(id, 1))).toBe('banned');
  });

  it('keeps a state heard by event over an older list from the auth service, and takes the rest of the list', async () => {
    const bus = createMemoryBus();
    const replica = createTokenStateReplica();
    await replica.subscribe(bus, 'gateway-a');
    const [reactivated, banned] = [crypto.randomUUID(), crypto.randomUUID()];
    await bus.publish(
      topics.auth,
      UserReactivated.create(reactivated, { userId: reactivated, tokenVersion: 3 }),
    );
    // Read before the reactivation: the ban's version, still banned.
    states = [
      { userId: reactivated, tokenVersion: 2, banned: true },
      { userId: banned, tokenVersion: 4, banned: true },
    ];
    await replica.bootstrap(
      authUrl,
      createLogger('test', 'silent'),
      new AbortController().signal,
      TEST_INTERNAL_SECRET,
    );
    expect(replica.refusal(user(reactivated, 3))).toBeUndefined();
    expect(replica.refusal(user(banned, 4))).toBe('banned');
    expect(replica.refusal(user(crypto.randomUUID(), 0))).toBeUndefined();
  });

  it('a UserBanned heard again after the reactivation (redelivered, redriven) bans nobody', async () => {
    const bus = createMemoryBus();
    const replica = createTokenStateReplica();
    await replica.subscribe(bus, 'gateway-a');
    const id = crypto.randomUUID();
    const ban = UserBanned.create(id, { userId: id, tokenVersion: 1, reason: 'spam' });
    await bus.publish(topics.auth, ban);
    await bus.publish(topics.auth, UserReactivated.create(id, { userId: id, tokenVersion: 2 }));
    await bus.publish(topics.auth, ban);
    await bus.publish(topics.auth, { ...ban, id: crypto.randomUUID() });
    expect(replica.refusal(user(id, 2))).toBeUndefined();
    expect(replica.refusal(user(id, 0))).toBe('revoked');
  });

  it('a reactivation that kept its ban’s version (made before reactivations raised it) still lifts the ban, and that ban heard again does not return', async () => {
    const replica = createTokenStateReplica();
    const id = crypto.randomUUID();
    const ban = UserBanned.create(id, { userId: id, tokenVersion: 1, reason: 'spam' });
    replica.handle(ban);
    replica.handle(UserReactivated.create(id, { userId: id, tokenVersion: 1 }));
    replica.handle(ban);
    expect(replica.refusal(user(id, 1))).toBeUndefined();
  });
});
