import { randomUUID } from 'node:crypto';
import { PasswordChanged, topics, UserBanned } from '@moba/contracts';
import { createBus, createLogger, createTokenSigner, generateKeyPair, type EventBus } from '@moba/platform';
import { testClient, type TestClient } from '@moba/platform/testing';
import { freePort } from '../../libs/platform/test/fixtures/engines';
import { deleteKeys, REDIS_URL } from '../../libs/platform/test/fixtures/redis';
import { spawnTs, type Child } from '../../libs/platform/test/fixtures/spawn';

/** How soon a ban or a password change must count in every gateway. */
const WITHIN_MS = 1000;

/**
 * Two gateway PROCESSES on one Redis Streams bus: each keeps its own token-state replica on a
 * transient group, so a ban or a password change counts in both within a second.
 */
describe('two gateway processes', () => {
  const prefix = `gateways-${randomUUID().slice(0, 8)}`;
  const busUrl = `${REDIS_URL}?prefix=${prefix}&blockMs=500`;
  const keys = generateKeyPair();
  const signer = createTokenSigner(keys.privateKeyPem);
  const children: Child[] = [];
  const gateways: TestClient[] = [];
  let bus: EventBus;

  beforeAll(async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const child = spawnTs('gateway/src/main.ts', [], {
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        EVENT_BUS_URL: busUrl,
        JWT_PUBLIC_KEY: keys.publicKeyPem,
        SERVICE_URLS: ['auth', 'vacancy', 'application', 'rating', 'payment', 'notification']
          .map((s) => `${s}=${nowhere}`)
          .join(';'),
        WEB_DIST: `/nonexistent-${prefix}`,
      });
      children.push(child);
      gateways.push(testClient(`http://127.0.0.1:${port}`));
      await waitFor(gateways[i], child);
    }
    bus = await createBus(busUrl, 'test', createLogger('test', 'silent'));
  }, 90_000);
  afterAll(async () => {
    await bus?.close();
    await Promise.all(children.map((c) => c.kill()));
    await deleteKeys(`${prefix}:*`);
  });

  const tokenOf = async (id: string, tokenVersion: number) => ({
    authorization: `Bearer ${await signer.sign({ id, role: 'Worker', fullName: 'Radnik', tokenVersion }, 3600)}`,
  });

  /** The gateway's answer code for a protected call: a refusal, or the proxy's 502 (no service runs). */
  const answer = async (gateway: TestClient, auth: Record<string, string>) => {
    const res = await gateway.get('/api/notifications/all', auth);
    return res.status === 401 ? res.body.error.code : res.status;
  };
  async function within(gateway: TestClient, auth: Record<string, string>, expected: unknown) {
    const start = Date.now();
    while ((await answer(gateway, auth)) !== expected) {
      if (Date.now() - start > WITHIN_MS) throw new Error(`gateway did not answer ${expected} in time`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('refuses a banned user, and a token older than a password change, in both gateways within a second', async () => {
    const banned = randomUUID();
    const bannedAuth = await tokenOf(banned, 0);
    for (const gateway of gateways) expect(await answer(gateway, bannedAuth)).toBe(502);
    await bus.publish(
      topics.auth,
      UserBanned.create(banned, { userId: banned, tokenVersion: 1, reason: 'spam' }),
    );
    for (const gateway of gateways) await within(gateway, await tokenOf(banned, 1), 'AUTH.BANNED');

    const changed = randomUUID();
    const old = await tokenOf(changed, 0);
    await bus.publish(topics.auth, PasswordChanged.create(changed, { userId: changed, tokenVersion: 1 }));
    for (const gateway of gateways) await within(gateway, old, 'AUTH.TOKEN_REVOKED');
    for (const gateway of gateways) expect(await answer(gateway, await tokenOf(changed, 1))).toBe(502);
  }, 30_000);
});

async function waitFor(client: TestClient, child: Child) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.process.exitCode !== null) throw new Error(`gateway exited:\n${child.output()}`);
    try {
      if ((await client.get('/healthz')).status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`gateway not up:\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
