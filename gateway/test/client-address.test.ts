import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createLogger, createTokenVerifier, listen, type Listening } from '@moba/platform';
import { testKeys } from '@moba/platform/testing';
import { createGateway, createTokenStateReplica, type RouteSpec, type ServiceName } from '../src';
import { clientAddress } from '../src/client-address';

const SERVICES: ServiceName[] = ['auth', 'vacancy', 'application', 'rating', 'payment', 'notification'];
const routes: RouteSpec[] = [
  { method: 'POST', path: '/login', service: 'auth', access: 'public', rateLimit: 'login' },
];
const LOGIN_LIMIT = 20;

let upstream: Listening;
const gateways: Listening[] = [];
const proxies: ChildProcess[] = [];

beforeAll(async () => {
  const answer: http.RequestListener = (_req, res) => void res.writeHead(200).end('{}');
  upstream = await listen(answer, 0);
});
afterAll(async () => {
  for (const proxy of proxies) proxy.kill('SIGTERM');
  for (const gateway of gateways) await gateway.close();
  await upstream.close();
});

async function gatewayTrusting(trustedProxyHops: number) {
  const urls = Object.fromEntries(SERVICES.map((s) => [s, [upstream.url]])) as Record<ServiceName, string[]>;
  const { server } = createGateway({
    serviceUrls: urls,
    tokens: createTokenVerifier(testKeys().publicKeyPem),
    tokenState: createTokenStateReplica(),
    logger: createLogger('gateway-test', 'silent'),
    webDist: '/nonexistent',
    routes,
    trustedProxyHops,
  });
  const gateway = await listen(server.listeners('request')[0] as http.RequestListener, 0);
  gateways.push(gateway);
  return gateway.url;
}

/** The forwarding proxy as its own OS process in front of target; resolves its URL. */
async function proxyProcessTo(target: string): Promise<string> {
  const child = spawn(process.execPath, [join(__dirname, 'fixtures/forwarding-proxy.mjs')], {
    env: { ...process.env, TARGET: target },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  proxies.push(child);
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`proxy exited with ${code}`)));
  });
  return `http://127.0.0.1:${port}`;
}

/** A login from a given loopback source address (127.0.0.2, 127.0.0.3 …: different clients). */
function loginFrom(url: string, localAddress: string, forwardedFor?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ email: 'a@b.rs', password: 'x' });
    const request = http.request(
      `${url}/api/login`,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('the client address behind a real proxy process (TRUSTED_PROXY_HOPS=1)', () => {
  test('each client behind the proxy has its own login limit, and a forged X-Forwarded-For does not escape it', async () => {
    const url = await proxyProcessTo(await gatewayTrusting(1));
    for (let i = 0; i < LOGIN_LIMIT; i++) expect(await loginFrom(url, '127.0.0.2')).toBe(200);
    expect(await loginFrom(url, '127.0.0.2')).toBe(429);
    // The client writes a new address each time: the proxy appends the real one, and that is what counts.
    for (let i = 0; i < 3; i++) expect(await loginFrom(url, '127.0.0.2', `203.0.113.${i + 1}`)).toBe(429);
    // Another client behind the same proxy is not limited by the first one.
    expect(await loginFrom(url, '127.0.0.3')).toBe(200);
  });
});

describe('without trusted proxies (the default)', () => {
  test('X-Forwarded-For is ignored: the socket peer is the client', async () => {
    const url = await gatewayTrusting(0);
    for (let i = 0; i < LOGIN_LIMIT; i++)
      expect(await loginFrom(url, '127.0.0.4', `198.51.100.${i}`)).toBe(200);
    expect(await loginFrom(url, '127.0.0.4', '198.51.100.200')).toBe(429);
  });
});

describe('clientAddress', () => {
  const request = (peer: string, forwardedFor?: string) =>
    ({
      socket: { remoteAddress: peer },
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    }) as unknown as http.IncomingMessage;

  test.each([
    ['no hops: the peer, whatever the header says', request('10.0.0.9', '1.1.1.1'), 0, '10.0.0.9'],
    ['one hop: the entry the proxy appended', request('10.0.0.9', '6.6.6.6, 1.2.3.4'), 1, '1.2.3.4'],
    ['two hops: two from the right', request('10.0.0.9', '6.6.6.6, 1.2.3.4, 10.0.0.8'), 2, '1.2.3.4'],
    [
      'a chain shorter than the hops: the leftmost trusted entry',
      request('10.0.0.9', '1.2.3.4'),
      3,
      '1.2.3.4',
    ],
    ['one hop without the header: the peer', request('10.0.0.9'), 1, '10.0.0.9'],
    ['an entry that is no address: the next trusted one', request('10.0.0.9', 'garbage'), 1, '10.0.0.9'],
    ['an IPv4-mapped peer is plain IPv4', request('::ffff:10.0.0.9'), 0, '10.0.0.9'],
    ['a port on the entry is dropped', request('10.0.0.9', '1.2.3.4:5555'), 1, '1.2.3.4'],
  ])('%s', (_label, req, hops, expected) => {
    expect(clientAddress(req, hops)).toBe(expected);
  });
});
