import type { ChildProcess } from 'node:child_process';
import { loginFrom as loginFromAddress, proxyProcessTo } from '../gateway/test/fixtures/client-addresses';
import { registeredUser, startProduct } from './support/product';

/**
 * The failed-login limit of the auth service, reached through the real gateway: clients that write
 * X-Forwarded-For (or the gateway's own client-address header) can neither lock another address out
 * nor escape the limit by rotating what they write, with no proxy in front (hops 0) and behind one
 * proxy process (hops 1).
 */
const FAILURES_PER_ADDRESS = 3;

/** A login sent from a loopback source address, with forged headers: its status and error code. */
async function loginFrom(
  url: string,
  localAddress: string,
  credentials: { email: string; password: string },
  forged: Record<string, string> = {},
): Promise<{ status: number; code?: string }> {
  const { status, body } = await loginFromAddress(url, localAddress, credentials, forged);
  return { status, code: (body.error as { code?: string } | undefined)?.code };
}

const wrong = (i: number) => ({ email: `nobody-${i}@example.rs`, password: 'wrong-password-1' });

describe.each([0, 1])('the failed-login limit through the gateway, TRUSTED_PROXY_HOPS=%i', (hops) => {
  let product: Awaited<ReturnType<typeof startProduct>>;
  let url: string;
  const proxies: ChildProcess[] = [];
  beforeAll(async () => {
    product = await startProduct({
      TRUSTED_PROXY_HOPS: String(hops),
      LOGIN_MAX_FAILURES_PER_ADDRESS: String(FAILURES_PER_ADDRESS),
    });
    url = hops === 0 ? product.url : await proxyProcessTo(product.url, proxies);
  });
  afterAll(async () => {
    for (const proxy of proxies) proxy.kill('SIGTERM');
    await product.stop();
  });

  it("writing another client's address into the headers does not lock that client out", async () => {
    const victim = await registeredUser(product.client, 'worker');
    const victimAddress = hops === 0 ? '127.0.0.20' : '127.0.0.30';
    const attackerAddress = hops === 0 ? '127.0.0.21' : '127.0.0.31';
    const posingAsVictim = { 'x-forwarded-for': victimAddress, 'x-moba-client-address': victimAddress };
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++)
      expect((await loginFrom(url, attackerAddress, wrong(i), posingAsVictim)).status).toBe(401);
    // The attacker itself is now limited …
    expect(await loginFrom(url, attackerAddress, wrong(9), posingAsVictim)).toEqual({
      status: 429,
      code: 'AUTH.TOO_MANY_ATTEMPTS',
    });
    // … and the victim, whose address it wrote, logs in.
    expect((await loginFrom(url, victimAddress, victim)).status).toBe(200);
  });

  it('rotating the forged address on every attempt does not escape the limit', async () => {
    const attackerAddress = hops === 0 ? '127.0.0.22' : '127.0.0.32';
    const rotated = (i: number) => ({
      'x-forwarded-for': `203.0.113.${i + 1}`,
      'x-moba-client-address': `198.51.100.${i + 1}`,
    });
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++)
      expect((await loginFrom(url, attackerAddress, wrong(i), rotated(i))).status).toBe(401);
    expect(await loginFrom(url, attackerAddress, wrong(9), rotated(9))).toEqual({
      status: 429,
      code: 'AUTH.TOO_MANY_ATTEMPTS',
    });
  });
});
