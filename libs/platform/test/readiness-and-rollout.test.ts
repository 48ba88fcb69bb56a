import http from 'node:http';
import {
  createHttpApp,
  createLogger,
  createReadiness,
  listen,
  productionRefusals,
  type Readiness,
} from '../src';
import { startEndpointBalancer } from '../src/testing';

const logger = createLogger('test', 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A service instance as every process builds it: createHttpApp, its readiness, a route that takes a while. */
async function startInstance(name: string, readiness: Readiness, workMs = 30) {
  let served = 0;
  const app = createHttpApp({
    name,
    logger,
    readiness,
    routes: (app) =>
      app.get('/work', async (_req, res) => {
        await sleep(workMs);
        served++;
        res.json({ instance: name });
      }),
  });
  const listening = await listen(app, 0);
  return { listening, readiness, served: () => served };
}

describe('readiness', () => {
  it('answers 503 naming the check while a consumer is not running or the store does not answer', async () => {
    const readiness = createReadiness(200);
    const { listening } = await startInstance('ready-test', readiness);
    try {
      expect((await fetch(`${listening.url}/readyz`)).status).toBe(200);
      readiness.report('consumer vacancy vacancy.v1', false, 'crashed: broker gone');
      const crashed = await fetch(`${listening.url}/readyz`);
      expect(crashed.status).toBe(503);
      expect(await crashed.json()).toMatchObject({
        status: 'starting',
        checks: { 'consumer vacancy vacancy.v1': { ok: false, detail: 'crashed: broker gone' } },
      });
      readiness.report('consumer vacancy vacancy.v1', true);
      readiness.probe('store', () => new Promise(() => undefined)); // never answers
      const stuck = await fetch(`${listening.url}/readyz`);
      expect(stuck.status).toBe(503);
      expect(((await stuck.json()) as { checks: Record<string, unknown> }).checks.store).toEqual({
        ok: false,
        detail: 'no answer within 200 ms',
      });
      readiness.probe('store', async () => undefined);
      expect((await fetch(`${listening.url}/readyz`)).status).toBe(200);
    } finally {
      await listening.close();
    }
  });

  it('when draining answers 503 and closes the connection of every answer', async () => {
    const readiness = createReadiness();
    const { listening } = await startInstance('drain-test', readiness);
    try {
      readiness.drain();
      const probe = await fetch(`${listening.url}/readyz`);
      expect(probe.status).toBe(503);
      expect(((await probe.json()) as { status: string }).status).toBe('draining');
      const work = await fetch(`${listening.url}/work`);
      expect(work.status).toBe(200);
      expect(work.headers.get('connection')).toBe('close');
    } finally {
      await listening.close();
    }
  });
});

describe('production refusals', () => {
  it('refuse the memory bus, dev mail and the sandbox provider in production only', () => {
    const development = { NODE_ENV: 'production', EVENT_BUS_URL: 'memory://', MAIL_URL: 'dev://' };
    expect(productionRefusals(development).map((r) => r.split(':')[0])).toEqual([
      'EVENT_BUS_URL',
      'MAIL_URL',
    ]);
    expect(productionRefusals({ ...development, NODE_ENV: 'development' })).toEqual([]);
    expect(productionRefusals({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' })).toHaveLength(1);
    expect(
      productionRefusals({
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'sandbox',
        PAYMENT_SANDBOX_IN_PRODUCTION: true,
      }),
    ).toEqual([]);
  });
});

const IDLE_MS = 100;
const PRE_STOP_MS = 300;

/**
 * One GET through a keep-alive agent: 'ok', the status, or the error. As Node's documentation advises
 * for keep-alive clients, a request on a reused connection that the server closed while idle (reset
 * before any answer: the server never saw it) is sent once more.
 */
const get = (agent: http.Agent, url: string, retried = false): Promise<string> =>
  new Promise<string>((resolve) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? 'ok' : `status ${res.statusCode}`));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && error.code === 'ECONNRESET' && !retried) resolve(get(agent, url, true));
      else resolve(`error ${error.code ?? error.message}`);
    });
  });

describe('a rolling update', () => {
  it('loses no request: the old instance drains while the new one takes over', async () => {
    const old = await startInstance('old', createReadiness());
    const instances = [old];
    const balancer = await startEndpointBalancer(() => instances.map((i) => i.listening));
    await sleep(100);

    // The client is the gateway's proxy: keep-alive connections it closes after IDLE_MS idle, less
    // than the preStop wait, so no idle connection is left for the old instance to close under it.
    const client = new http.Agent({ keepAlive: true, timeout: IDLE_MS });
    const outcomes: string[] = [];
    let running = true;
    const worker = async () => {
      while (running) {
        outcomes.push(await get(client, `${balancer.url}/work`));
        await sleep(Math.random() * 20);
      }
    };
    const workers = Array.from({ length: 8 }, worker);

    await sleep(300);
    const fresh = await startInstance('new', createReadiness());
    instances.push(fresh);
    await sleep(200);
    // SIGTERM on the old pod: not ready; preStop waits while the endpoints drop it; then drain. The
    // wait is for the drop itself and a margin (a loaded CI machine can be slower than any fixed
    // wait, as a cluster can be slower than a preStop sleep; then requests would be lost).
    old.readiness.drain();
    while (balancer.routing().includes(old.listening.port)) await sleep(10);
    await sleep(PRE_STOP_MS);
    const drained = Date.now();
    await old.listening.close(5000);
    const drainMs = Date.now() - drained;
    await sleep(300);
    running = false;
    await Promise.all(workers);
    client.destroy();
    await balancer.close();
    await fresh.listening.close();

    expect(outcomes.filter((o) => o !== 'ok')).toEqual([]);
    expect(drainMs).toBeLessThan(5000); // every connection left before the grace ran out
    expect(old.served()).toBeGreaterThan(0);
    expect(fresh.served()).toBeGreaterThan(0);
  });
});
