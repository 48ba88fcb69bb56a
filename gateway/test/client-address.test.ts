import http from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { CLIENT_ADDRESS_HEADER, listen, type Listening } from '@moba/platform';
import { loginFrom, loginGatewayOver, proxyProcessTo } from './fixtures/client-addresses';
import { clientAddress } from '../src/client-address';

const LOGIN_LIMIT = 20;

let upstream: Listening;
const gateways: Listening[] = [];
const proxies: ChildProcess[] = [];

beforeAll(async () => {
  // Answers with the client address the gateway passed on.
  const answer: http.RequestListener = (req, res) =>
    void res.writeHead(200).end(JSON.stringify({ client: req.headers[CLIENT_ADDRESS_HEADER] ?? null }));
  upstream = await listen(answer, 0);
});
afterAll(async () => {
  for (const proxy of proxies) proxy.kill('SIGTERM');
  for (const gateway of gateways) await gateway.close();
  await upstream.close();
});

async function gatewayTrusting(trustedProxyHops: number) {
  const gateway = await loginGatewayOver(upstream, { trustedProxyHops });
  gateways.push(gateway);
  return gateway.url;
}

/** A login from a given loopback source address (127.0.0.2, 127.0.0.3 …: different clients). */
async function loginAs(
  url: string,
  localAddress: string,
  forwardedFor?: string,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; client?: string }> {
  const { status, body } = await loginFrom(
    url,
    localAddress,
    { email: 'a@b.rs', password: 'x' },
    { ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}), ...extraHeaders },
  );
  return { status, client: body.client as string | undefined };
}
const statusOf = async (answer: Promise<{ status: number }>) => (await answer).status;

describe('the client address behind a real proxy process (TRUSTED_PROXY_HOPS=1)', () => {
  test('each client behind the proxy has its own login limit, and a forged X-Forwarded-For does not escape it', async () => {
    const url = await proxyProcessTo(await gatewayTrusting(1), proxies);
    for (let i = 0; i < LOGIN_LIMIT; i++) expect(await statusOf(loginAs(url, '127.0.0.2'))).toBe(200);
    expect(await statusOf(loginAs(url, '127.0.0.2'))).toBe(429);
    // The client writes a new address each time: the proxy appends the real one, and that is what counts.
    for (let i = 0; i < 3; i++)
      expect(await statusOf(loginAs(url, '127.0.0.2', `203.0.113.${i + 1}`))).toBe(429);
    // Another client behind the same proxy is not limited by the first one.
    expect(await statusOf(loginAs(url, '127.0.0.3'))).toBe(200);
  });
});

describe('without trusted proxies (the default)', () => {
  test('X-Forwarded-For is ignored: the socket peer is the client', async () => {
    const url = await gatewayTrusting(0);
    for (let i = 0; i < LOGIN_LIMIT; i++)
      expect(await statusOf(loginAs(url, '127.0.0.4', `198.51.100.${i}`))).toBe(200);
    expect(await statusOf(loginAs(url, '127.0.0.4', '198.51.100.200'))).toBe(429);
  });
});

describe('the address the services are told (one rule: the gateway decides it)', () => {
  const forged = { [CLIENT_ADDRESS_HEADER]: '203.0.113.66' };

  test('hops 0: the socket peer, whatever the client wrote into X-Forwarded-For or the header itself', async () => {
    const url = await gatewayTrusting(0);
    const answer = await loginAs(url, '127.0.0.5', '198.51.100.7', forged);
    expect(answer).toEqual({ status: 200, client: '127.0.0.5' });
  });

  test('hops 1 behind a real proxy process: the address the proxy appended, not the forged ones', async () => {
    const url = await proxyProcessTo(await gatewayTrusting(1), proxies);
    const answer = await loginAs(url, '127.0.0.6', '198.51.100.7', forged);
    expect(answer).toEqual({ status: 200, client: '127.0.0.6' });
  });
});

describe('IPv6 clients are limited by their /64', () => {
  // The test plays the one trusted proxy: the entry it appends is the client.
  test('rotating addresses inside one /64 escapes nothing; the next /64 has its own limit', async () => {
    const url = await gatewayTrusting(1);
    for (let i = 0; i < LOGIN_LIMIT; i++)
      expect(await statusOf(loginAs(url, '127.0.0.7', `2001:db8:5:1::${(i + 1).toString(16)}`))).toBe(200);
    expect(await statusOf(loginAs(url, '127.0.0.7', '2001:db8:5:1:ffff::1'))).toBe(429);
    const neighbour = await loginAs(url, '127.0.0.7', '2001:db8:5:2::1');
    expect(neighbour).toEqual({ status: 200, client: '2001:db8:5:2::1' });
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
    ['an IPv6 entry', request('10.0.0.9', '2001:DB8::7'), 1, '2001:db8::7'],
  ])('%s', (_label, req, hops, expected) => {
    expect(clientAddress(req, hops)).toBe(expected);
  });
});
