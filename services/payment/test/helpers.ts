import { z } from 'zod';
import { defineEvent, topics, type EventEnvelope } from '@moba/contracts';
import type { DocumentStore } from '@moba/platform';
import { createTestDeps, eventually, startForTest, testToken } from '@moba/platform/testing';
import { createService } from '../src/service';
import { loadPaymentConfig } from '../src/config';
import type { PaymentProvider } from '../src/provider/payment-provider';
import { SANDBOX_SIGNATURE_HEADER, signSandboxBody } from '../src/provider/sandbox-signature';

export const SPA = 'http://spa.test';
export const API = `${SPA}/api`;
export const SECRET = 'test-sandbox-secret-0123456789abcdef';

/** The vacancy service's VacancyCreated as the payment service reads it (extra fields pass through). */
export const TestVacancyCreated = defineEvent(
  topics.vacancy,
  'VacancyCreated',
  1,
  z
    .object({
      vacancyId: z.uuid(),
      estateId: z.uuid(),
      featuring: z.enum(['none', 'free', 'paid']),
      title: z.string(),
    })
    .loose(),
);
export const TestVacancyStatusChanged = defineEvent(
  topics.vacancy,
  'VacancyStatusChanged',
  1,
  z.object({ vacancyId: z.uuid(), estateId: z.uuid(), from: z.string(), to: z.string() }),
);
export const TestVacancyDeleted = defineEvent(
  topics.vacancy,
  'VacancyDeleted',
  1,
  z.object({ vacancyId: z.uuid(), estateId: z.uuid() }),
);

export interface StartOptions {
  env?: Record<string, string>;
  provider?: PaymentProvider;
  /** A given document store (e.g. a file store to restart on); memory otherwise. */
  store?: DocumentStore;
}

/** A payment service on port 0 with memory adapters, an observer of payment.v1 and data builders. */
export async function startPayment({ env = {}, provider, store }: StartOptions = {}) {
  const deps = { ...createTestDeps(), ...(store ? { store } : {}) };
  const config = loadPaymentConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: SPA,
    PAYMENT_SANDBOX_SECRET: SECRET,
    PAYMENT_REPLICA_WAIT_MS: '0',
    ...env,
  });
  const service = await createService({ ...deps, config, ...(provider ? { provider } : {}) });
  const { client, stop } = await startForTest(service);
  const events: EventEnvelope[] = [];
  await deps.bus.subscribe(topics.payment, 'test-observer', async (event) => {
    events.push(event);
  });

  /** An estate with a vacancy the payment service heard of through VacancyCreated. */
  async function vacancy(
    featuring: 'none' | 'free' | 'paid' = 'paid',
    estate?: Awaited<ReturnType<typeof testToken>>,
  ) {
    const owner = estate ?? (await testToken('Estate'));
    const vacancyId = crypto.randomUUID();
    await deps.bus.publish(
      topics.vacancy,
      TestVacancyCreated.create(vacancyId, {
        vacancyId,
        estateId: owner.id,
        featuring,
        title: 'Berba malina u Arilju',
        status: featuring === 'paid' ? 'Pending' : 'Open',
        featured: featuring === 'free',
        estateName: 'Gazdinstvo Test',
      }),
    );
    return { vacancyId, estate: owner };
  }

  /** POST /payment/create as that user (or a visitor). */
  const create = (body: unknown, auth: Record<string, string> = {}) =>
    client.post('/payment/create', body, auth);

  /** A service path for a checkout URL the browser would open through the gateway. */
  const pathOf = (url: string) => url.replace(API, '');

  /** Presses a checkout button the way a browser form does; answers the redirect without following it. */
  async function press(checkoutUrl: string, outcome: 'succeeded' | 'failed' | 'cancelled') {
    const response = await fetch(`${client.url}${pathOf(checkoutUrl)}/${outcome}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    return {
      status: response.status,
      location: response.headers.get('location'),
      text: await response.text(),
    };
  }

  /** A signed (or deliberately mis-signed) provider callback. */
  async function callback(
    body: unknown,
    {
      secret = SECRET,
      signature,
      contentType = 'text/plain',
    }: { secret?: string; signature?: string | null; contentType?: string } = {},
  ) {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const headers: Record<string, string> = { 'content-type': contentType };
    if (signature !== null) headers[SANDBOX_SIGNATURE_HEADER] = signature ?? signSandboxBody(secret, raw);
    const response = await fetch(`${client.url}/payment/callback`, { method: 'POST', headers, body: raw });
    const text = await response.text();
    return { status: response.status, text, body: text ? JSON.parse(text) : undefined };
  }

  const eventsOf = (paymentId: string) => events.filter((e) => e.key === paymentId);
  const waitForEvent = (paymentId: string, type: string) =>
    eventually(
      async () => events.find((e) => e.key === paymentId && e.type === type),
      `${type} for ${paymentId}`,
    );

  /** Lets the outbox relay run, so "no event" assertions are meaningful. */
  const settle = () => new Promise((r) => setTimeout(r, 100));

  return {
    deps,
    config,
    client,
    stop,
    events,
    vacancy,
    create,
    pathOf,
    press,
    callback,
    eventsOf,
    waitForEvent,
    settle,
  };
}
export type PaymentHarness = Awaited<ReturnType<typeof startPayment>>;

/** The session (provider ref) id at the end of a checkout URL. */
export const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop() as string;
