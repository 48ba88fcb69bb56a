import http from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { UserBanned, PasswordChanged, UserReactivated } from '@moba/contracts';
import { createLogger, createReadiness, createTokenVerifier, listen, type Listening } from '@moba/platform';
import { testClient, testKeys, testToken } from '@moba/platform/testing';
import { createGateway, createTokenStateReplica, type RouteSpec, type ServiceName } from '../src';

const SERVICES: ServiceName[] = ['auth', 'vacancy', 'application', 'rating', 'payment', 'notification'];

/** A stand-in service that echoes what reached it, or hangs when asked to. */
function fakeService(name: string): http.RequestListener {
  return (req, res) => {
    if (req.url?.startsWith('/slow')) return; // never answers
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ service: name, url: req.url, requestId: req.headers['x-request-id'] }));
  };
}

const routes: RouteSpec[] = [
  { method: 'GET', path: '/open', service: 'vacancy', access: 'public' },
  { method: 'GET', path: '/estate-only', service: 'vacancy', access: ['Estate'] },
  { method: 'GET', path: '/anyone-signed-in', service: 'rating', access: 'user' },
  { method: 'GET', path: '/things/:id', service: 'application', access: ['Worker'] },
  { method: 'GET', path: '/things/mine', service: 'application', access: ['Worker'] },
  { method: 'POST', path: '/login', service: 'auth', access: 'public', rateLimit: 'login' },
  { method: 'GET', path: '/slow', service: 'payment', access: 'public' },
  { method: 'GET', path: '/down', service: 'notification', access: 'public' },
];

/** A script big enough to be served gzipped, and its gzip as the build made it (not zlib's level 9). */
const script = `export const text = ${JSON.stringify('moba '.repeat(200))};\n`;
const buildGzip = gzipSync(script, { level: 1 });

describe('gateway', () => {
  const upstreams: Listening[] = [];
  let gateway: Listening;
  let tokenState: ReturnType<typeof createTokenStateReplica>;
  let client: ReturnType<typeof testClient>;
  let webDist: string;
  const readiness = createReadiness();
  /** A GET that shows the bytes on the wire (fetch would unzip them). */
  const rawGet = (path: string, headers: http.OutgoingHttpHeaders = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${gateway.url}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });

  beforeAll(async () => {
    const urls = {} as Record<ServiceName, string[]>;
    for (const name of SERVICES) {
      if (name === 'notification') {
        urls[name] = ['http://127.0.0.1:1']; // nothing listens there: a downed service
        continue;
      }
      const up = await listen(fakeService(name), 0);
      upstreams.push(up);
      urls[name] = [up.url];
    }
    webDist = mkdtempSync(join(tmpdir(), 'moba-dist-'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><div id="root"><h1>Home, pre-rendered</h1></div>',
    );
    writeFileSync(join(webDist, 'spa.html'), '<!doctype html><div id="root">app shell</div>');
    mkdirSync(join(webDist, 'media'));
    writeFileSync(join(webDist, 'media', 'index.html'), '<!doctype html><h1>Media, pre-rendered</h1>');
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'assets', 'app.js'), script);
    writeFileSync(join(webDist, 'assets', 'app.js.gz'), buildGzip);
    tokenState = createTokenStateReplica();
    const { server } = createGateway({
      serviceUrls: urls,
      tokens: createTokenVerifier(testKeys().publicKeyPem),
      tokenState,
      logger: createLogger('gateway-test', 'silent'),
      webDist,
      routes,
      proxyTimeoutMs: 300,
      corsOrigins: ['https://partner.example'],
      readiness,
    });
    gateway = await listen(server.listeners('request')[0] as http.RequestListener, 0);
    gateway.server.on('upgrade', (...args) => server.emit('upgrade', ...args));
    client = testClient(gateway.url);
  });

  afterAll(async () => {
    await gateway.close();
    for (const up of upstreams) await up.close();
  });

  it('forwards a public call to its service with the /api prefix stripped and a request id', async () => {
    const response = await client.get('/api/open?x=1');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ service: 'vacancy', url: '/open?x=1' });
    expect(response.body.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('keeps a request id the caller sent', async () => {
    const response = await client.get('/api/open', { 'x-request-id': 'trace-me-123' });
    expect(response.body.requestId).toBe('trace-me-123');
  });

  it('answers 401 for a protected route without a token, and with a forged one', async () => {
    expect((await client.get('/api/estate-only')).status).toBe(401);
    const token = (await testToken('Estate')).token;
    const at = token.length - 10;
    const forged = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    const response = await client.get('/api/estate-only', { authorization: `Bearer ${forged}` });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('answers 401 for an expired token', async () => {
    const { auth } = await testToken('Estate', {}, -10);
    expect((await client.get('/api/estate-only', auth)).status).toBe(401);
  });

  it('answers 403 for the wrong role and lets the right role through', async () => {
    const worker = await testToken('Worker');
    const estate = await testToken('Estate');
    expect((await client.get('/api/estate-only', worker.auth)).status).toBe(403);
    expect((await client.get('/api/estate-only', estate.auth)).status).toBe(200);
    expect((await client.get('/api/anyone-signed-in', worker.auth)).status).toBe(200);
  });

  it('matches literal segments before parameters', async () => {
    const worker = await testToken('Worker');
    const response = await client.get('/api/things/mine', worker.auth);
    expect(response.body.url).toBe('/things/mine');
  });

  it('refuses a token older than the last password change, and a banned user, on the next call', async () => {
    const before = await testToken('Estate', { tokenVersion: 0 });
    expect((await client.get('/api/estate-only', before.auth)).status).toBe(200);
    tokenState.handle(PasswordChanged.create(before.id, { userId: before.id, tokenVersion: 1 }));
    const revoked = await client.get('/api/estate-only', before.auth);
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe('AUTH.TOKEN_REVOKED');
    const after = await testToken('Estate', { id: before.id, tokenVersion: 1 });
    expect((await client.get('/api/estate-only', after.auth)).status).toBe(200);

    tokenState.handle(UserBanned.create(before.id, { userId: before.id, tokenVersion: 2, reason: 'spam' }));
    const banned = await client.get('/api/estate-only', after.auth);
    expect(banned.status).toBe(401);
    expect(banned.body.error.code).toBe('AUTH.BANNED');
    tokenState.handle(UserReactivated.create(before.id, { userId: before.id, tokenVersion: 3 }));
    const fresh = await testToken('Estate', { id: before.id, tokenVersion: 3 });
    expect((await client.get('/api/estate-only', fresh.auth)).status).toBe(200);
  });

  it('answers a JSON 502 when a service is down and a JSON 504 when it is too slow', async () => {
    const down = await client.get('/api/down');
    expect(down.status).toBe(502);
    expect(down.body.error.code).toBe('SERVICE_UNAVAILABLE');
    const slow = await client.get('/api/slow');
    expect(slow.status).toBe(504);
    expect(slow.body.error.code).toBe('GATEWAY_TIMEOUT');
  });

  it('answers a JSON 404 for an unknown /api path and hides internal routes', async () => {
    const unknown = await client.get('/api/no/such/thing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    expect((await client.get('/api/internal/token-states')).status).toBe(404);
  });

  it('rate-limits login per client with rate-limit headers, then 429 with Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 21; i++) {
      last = await client.post('/api/login', { email: 'a@b.rs' });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toBeTruthy();
    expect(last!.headers.get('ratelimit-limit')).toBe('20');
    expect(last!.body.error.code).toBe('RATE_LIMITED');
  });

  it('allows CORS only for listed origins', async () => {
    const listed = await client.get('/api/open', { origin: 'https://partner.example' });
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    const stranger = await client.get('/api/open', { origin: 'https://evil.example' });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the SPA with history fallback, pre-rendered pages as they are, and security headers', async () => {
    const deep = await client.get('/worker/mobas');
    expect(deep.status).toBe(200);
    expect(deep.text).toContain('app shell');
    expect(deep.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect((await client.get('/')).text).toContain('Home, pre-rendered');
    const media = await client.get('/media');
    expect(media.text).toContain('Media, pre-rendered');
    expect((await client.get('/assets/missing.js')).status).toBe(404);
  });

  it('serves a script gzipped by the build as the build made it, and never the .gz file by name', async () => {
    expect(buildGzip.equals(gzipSync(script, { level: 9 }))).toBe(false); // so the gateway's own would show
    const zipped = await rawGet('/assets/app.js', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body.equals(buildGzip)).toBe(true);
    expect((await rawGet('/assets/app.js')).body.toString()).toBe(script);
    expect((await rawGet('/assets/app.js.gz')).status).toBe(404);
  });

  it('answers its own liveness and readiness probes without calling a service', async () => {
    expect((await client.get('/healthz')).body).toEqual({ status: 'up', service: 'gateway' });
    expect((await client.get('/readyz')).status).toBe(200);
  });

  it('is not ready while the token states load (it would accept revoked tokens), nor once draining', async () => {
    readiness.report('token-states', false, 'loading from the auth service');
    const loading = await client.get('/readyz');
    expect(loading.status).toBe(503);
    expect(loading.body.checks['token-states']).toEqual({
      ok: false,
      detail: 'loading from the auth service',
    });
    readiness.report('token-states', true);
    expect((await client.get('/readyz')).status).toBe(200);
    readiness.drain();
    const draining = await client.get('/readyz');
    expect(draining.body.status).toBe('draining');
    expect(draining.headers.get('connection')).toBe('close');
    readiness.reset();
  });

  it('serves the OpenAPI document generated from the route table', async () => {
    const docs = await client.get('/api/docs');
    expect(docs.body.openapi).toBe('3.1.0');
    expect(docs.body.paths['/api/things/{id}'].get.security).toEqual([{ bearer: [] }]);
  });

  it('refuses a WebSocket upgrade from a foreign origin', async () => {
    const status = await new Promise<number>((resolve) => {
      const req = http.request(`${gateway.url}/api/ws/123`, {
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          origin: 'https://evil.example',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        },
      });
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('upgrade', () => resolve(101));
      req.end();
    });
    expect(status).toBe(403);
  });
});
