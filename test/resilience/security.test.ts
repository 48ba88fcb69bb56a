import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importPKCS8, SignJWT } from 'jose';
import WebSocket from 'ws';
import { WS_MAX_CLIENT_MESSAGE_BYTES } from '@moba/contracts';
import { ADMIN, loginAdmin, registeredUser } from '../support/product';
import { startFileProduct } from './support/fuzz';

/**
 * Security headers and limits through the real gateway, with production-like limits
 * (RATE_LIMIT_SCALE=1) and one allowed cross origin.
 */
const APP_ORIGIN = 'https://app.moba.example';
const EVIL_ORIGIN = 'https://evil.example';

let product: Awaited<ReturnType<typeof startFileProduct>>;
let worker: Awaited<ReturnType<typeof registeredUser>>;

beforeAll(async () => {
  product = await startFileProduct({
    RATE_LIMIT_SCALE: '1',
    CORS_ORIGINS: APP_ORIGIN,
    ALLOWED_ORIGINS: APP_ORIGIN,
  });
  worker = await registeredUser(product.client, 'worker');
}, 120_000);
const sockets: WebSocket[] = [];
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await product?.stop();
}, 30_000);

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claims = () => ({ sub: worker.userId, role: 'Worker', fullName: 'Milan Jovanović', tokenVersion: 0 });
const privateKey = () =>
  importPKCS8(readFileSync(join(product.dataDir, 'keys/jwt-private.pem'), 'utf8'), 'EdDSA');
const workerMe = (token: string) =>
  product.client.get('/api/workers/me', { authorization: `Bearer ${token}` });

describe('CORS allow-list', () => {
  it('answers an allowed origin with its own name, and a preflight with the methods and headers', async () => {
    const res = await product.client.get('/api/workers/me', { origin: APP_ORIGIN, ...worker.auth });
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const preflight = await fetch(`${product.url}/api/login`, {
      method: 'OPTIONS',
      headers: { origin: APP_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/);
  });

  it('gives any other origin no CORS header, so a browser keeps the answer from the foreign page', async () => {
    const res = await product.client.get('/api/workers/me', { origin: EVIL_ORIGIN, ...worker.auth });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${product.url}/api/login`, {
      method: 'OPTIONS',
      headers: { origin: EVIL_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.status).not.toBe(204);
  });
});

describe('helmet on the gateway', () => {
  it('the web app is served with a content security policy and the other helmet headers', async () => {
    const res = await fetch(`${product.url}/`);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=/);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it("every /api answer carries them too: the gateway's own refusals and proxied answers", async () => {
    for (const res of [
      await product.client.get('/api/workers/me'),
      await product.client.get('/api/nothing-here'),
      await product.client.get('/api/workers/me', worker.auth),
    ]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBeTruthy();
      expect(res.headers.get('x-frame-options')).toBeTruthy();
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });
});

describe('body size limits', () => {
  it('a JSON body over the limit answers 413 in the error shape and is not processed', async () => {
    const res = await product.client.post('/api/contact-us', {
      name: 'Ana',
      email: 'ana@example.com',
      message: 'x'.repeat(200_000),
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION', message: 'body too large' });
  });

  it('a URL or headers over 16 KB answer 431 in the error shape', async () => {
    const res = await product.client.get(`/api/workers/me?q=${'x'.repeat(20_000)}`, worker.auth);
    expect(res.status).toBe(431);
    expect(res.body.error.code).toBe('REQUEST_TOO_LARGE');
  });

  it('a photo over 2 MB is refused with a 4xx naming the limit', async () => {
    const form = new FormData();
    form.append('photo', new Blob([Buffer.alloc(2_200_000, 1)], { type: 'image/png' }), 'big.png');
    const res = await fetch(`${product.url}/api/users/me/photo`, {
      method: 'POST',
      headers: worker.auth,
      body: form,
    });
    expect([400, 413]).toContain(res.status);
    expect(await res.text()).toMatch(/2 MB/);
  });
});

describe('WebSocket /api/ws/{userId}', () => {
  const wsUrl = () => `${product.url.replace('http', 'ws')}/api/ws/${worker.userId}`;
  const open = (origin?: string) =>
    new Promise<{ ws?: WebSocket; status?: number }>((done) => {
      const ws = new WebSocket(wsUrl(), origin ? { origin } : {});
      sockets.push(ws);
      ws.once('open', () => done({ ws }));
      ws.once('unexpected-response', (_req, res) => done({ status: res.statusCode }));
      ws.once('error', () => done({ status: -1 }));
    });
  const closed = (ws: WebSocket) => new Promise<number>((done) => ws.once('close', (code) => done(code)));

  it('refuses the upgrade from a foreign Origin (cross-site WebSocket hijacking) and accepts the allowed one', async () => {
    expect((await open(EVIL_ORIGIN)).status).toBe(403);
    const allowed = await open(APP_ORIGIN);
    expect(allowed.ws).toBeDefined();
    allowed.ws!.close();
  });

  it('closes a socket that sends a message over the size limit (1009)', async () => {
    const { ws } = await open(APP_ORIGIN);
    const code = closed(ws!);
    ws!.send('x'.repeat(WS_MAX_CLIENT_MESSAGE_BYTES + 1));
    expect(await code).toBe(1009);
  });
});

describe('JWT algorithm allow-list and audience', () => {
  it('accepts a token signed with the product key for audience moba (sanity)', async () => {
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'EdDSA' })
      .setAudience('moba')
      .setIssuer('moba-auth')
      .setSubject(worker.userId)
      .setExpirationTime('5m')
      .sign(await privateKey());
    expect((await workerMe(token)).status).toBe(200);
  });

  it('refuses alg none', async () => {
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims(), aud: 'moba', iss: 'moba-auth', exp: Math.floor(Date.now() / 1000) + 300 })}.`;
    expect((await workerMe(none)).status).toBe(401);
  });

  it('refuses HS256 signed with the public key as the secret (algorithm confusion)', async () => {
    const publicPem = readFileSync(join(product.dataDir, 'keys/jwt-public.pem'));
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('moba')
      .setIssuer('moba-auth')
      .setSubject(worker.userId)
      .setExpirationTime('5m')
      .sign(new Uint8Array(publicPem));
    expect((await workerMe(token)).status).toBe(401);
  });

  it('refuses a token of the right key for another audience, or none', async () => {
    const key = await privateKey();
    const other = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'EdDSA' })
      .setAudience('another-app')
      .setIssuer('moba-auth')
      .setSubject(worker.userId)
      .setExpirationTime('5m')
      .sign(key);
    expect((await workerMe(other)).status).toBe(401);
    const missing = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'EdDSA' })
      .setIssuer('moba-auth')
      .setSubject(worker.userId)
      .setExpirationTime('5m')
      .sign(key);
    expect((await workerMe(missing)).status).toBe(401);
  });
});

describe('rate limits (production scale)', () => {
  it('limited routes carry the rate-limit headers, and the limit answers 429 with retry-after', async () => {
    const body = { name: 'Ana', email: 'ana@example.com', message: 'Zdravo, pitanje o mobama.' };
    const first = await product.client.post('/api/contact-us', body);
    const limit = Number(first.headers.get('ratelimit-limit'));
    expect(limit).toBeGreaterThan(0);
    expect(Number(first.headers.get('ratelimit-remaining'))).toBeLessThan(limit);
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    let last = first;
    for (let i = 0; i < limit && last.status !== 429; i++)
      last = await product.client.post('/api/contact-us', body);
    expect(last.status).toBe(429);
    expect(last.body.error.code).toBe('RATE_LIMITED');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('an unlimited route carries no rate-limit headers', async () => {
    expect(
      (await product.client.get('/api/workers/me', worker.auth)).headers.get('ratelimit-limit'),
    ).toBeNull();
  });

  it('login brute force on one account is stopped by the auth service, even with the right password', async () => {
    const victim = await registeredUser(product.client, 'estate');
    for (let i = 0; i < 5; i++)
      expect(
        (await product.client.post('/api/login', { email: victim.email, password: `wrong-guess-${i}` }))
          .status,
      ).toBe(401);
    const right = await product.client.post('/api/login', { email: victim.email, password: victim.password });
    expect(right.status).toBe(429);
    expect(right.body.error.code).toMatch(/TOO_MANY/);
  }, 30_000);

  it('login attempts from one address are limited at the gateway, across accounts', async () => {
    let last;
    for (let i = 0; i < 25; i++) {
      last = await product.client.post('/api/login', {
        email: `nobody${i}@example.rs`,
        password: 'whatever-123',
      });
      if (last.status === 429) break;
    }
    expect(last!.status).toBe(429);
    expect(last!.headers.get('ratelimit-remaining')).toBe('0');
    // the admin, from the same address, waits like everyone else
    expect((await product.client.post('/api/login', ADMIN)).status).toBe(429);
    void loginAdmin;
  }, 60_000);
});
