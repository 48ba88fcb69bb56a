import http from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, createTokenVerifier, listen, type Listening } from '@moba/platform';
import { testClient, testKeys, testToken } from '@moba/platform/testing';
import { createGateway, createTokenStateReplica, type ServiceName } from '../src';
import { RATE_LIMITS } from '../src/middleware/rate-limit';

/**
 * Issue #33, point 4: crew saves are rate-limited per client at the gateway (the application service
 * also caps saves and new phones per leader and day), with the real route table.
 */
const SERVICES: ServiceName[] = ['auth', 'vacancy', 'application', 'rating', 'payment', 'notification'];

describe('crew saves through the gateway', () => {
  let upstream: Listening;
  let gateway: Listening;
  let reached = 0;

  beforeAll(async () => {
    const service: http.RequestListener = (_req, res) => {
      reached += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    };
    upstream = await listen(service, 0);
    const webDist = mkdtempSync(join(tmpdir(), 'moba-dist-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html>');
    writeFileSync(join(webDist, 'spa.html'), '<!doctype html>');
    const urls = Object.fromEntries(SERVICES.map((name) => [name, [upstream.url]])) as Record<
      ServiceName,
      string[]
    >;
    const { server } = createGateway({
      serviceUrls: urls,
      tokens: createTokenVerifier(testKeys().publicKeyPem),
      tokenState: createTokenStateReplica(),
      logger: createLogger('gateway-test', 'silent'),
      webDist,
    });
    gateway = await listen(server.listeners('request')[0] as http.RequestListener, 0);
  });
  afterAll(async () => {
    await gateway.close();
    await upstream.close();
  });

  it('a client past the crew limit gets 429 with Retry-After, and the service is not reached', async () => {
    const client = testClient(gateway.url);
    const leader = await testToken('Worker');
    const limit = RATE_LIMITS.crew;
    for (let i = 0; i < limit; i++)
      expect((await client.put('/api/workers/me/crew', { members: [] }, leader.auth)).status).toBe(200);
    const before = reached;
    const over = await client.put('/api/workers/me/crew', { members: [] }, leader.auth);
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('RATE_LIMITED');
    expect(over.headers.get('retry-after')).toBeTruthy();
    expect(over.headers.get('ratelimit-limit')).toBe(String(limit));
    expect(reached).toBe(before);
    // Reading the crew is not limited.
    expect((await client.get('/api/workers/me/crew', leader.auth)).status).toBe(200);
  });
});
