import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { topics } from '@moba/contracts';
import { eventually, testToken } from '@moba/platform/testing';
import { createInfobipSender, infobipOptionsFromUrl } from '../src/sms/infobip-sms';
import { SmsSendError } from '../src/sms/sms-sender';
import * as events from '../src/messaging/consumed-events';
import { applicationAccepted, startNotification } from './helpers';
import type { SmsOutboxDoc } from '../src/sms/sms-store';

/**
 * A local server answering as Infobip's SMS API documents (POST /sms/3/messages, `Authorization: App
 * {key}`): 200 with each message's status group, 401 and 400 with `{errorCode, description, action,
 * violations}`, 429 E429 with Retry-After when throttled, 5xx on an outage.
 */
interface FakeInfobip {
  url: string;
  requests: { authorization?: string; body: unknown }[];
  answer: (req: IncomingMessage) => { status: number; body: unknown; headers?: Record<string, string> };
  close(): Promise<void>;
}

const API_KEY = 'test-key-0123456789';
const accepted = (to: string) => ({
  bulkId: randomUUID(),
  messages: [
    {
      messageId: randomUUID(),
      destination: to,
      status: {
        groupId: 1,
        groupName: 'PENDING',
        id: 26,
        name: 'PENDING_ACCEPTED',
        description: 'Message sent to next instance',
      },
    },
  ],
});
const apiError = (errorCode: string, description: string) => ({
  errorCode,
  description,
  action: 'Check the request.',
  violations: [],
  resources: [],
});

async function fakeInfobip(): Promise<FakeInfobip> {
  const fake = {
    requests: [] as FakeInfobip['requests'],
    answer: (() => ({ status: 200, body: {} })) as FakeInfobip['answer'],
  } as FakeInfobip;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : undefined;
      fake.requests.push({ authorization: req.headers.authorization, body });
      if (req.method !== 'POST' || req.url !== '/sms/3/messages') {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify(apiError('E404', 'Not found')));
        return;
      }
      if (req.headers.authorization !== `App ${API_KEY}`) {
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify(apiError('E401', 'Invalid login details')));
        return;
      }
      const answer = fake.answer(req);
      if (answer.status === 200 && (answer.body as { messages?: unknown }).messages === undefined)
        answer.body = accepted(body.messages[0].destinations[0].to);
      res
        .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
        .end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `infobip+http://${API_KEY}@127.0.0.1:${(server.address() as AddressInfo).port}?sender=Moba`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

let fake: FakeInfobip;
beforeAll(async () => {
  fake = await fakeInfobip();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.answer = () => ({ status: 200, body: {} });
});

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
};

describe('the Infobip adapter against a server that answers as Infobip documents', () => {
  test('sends one message with the API key, the sender and the number without +', async () => {
    const sender = createInfobipSender(infobipOptionsFromUrl(fake.url));
    const { providerMessageId } = await sender.send({ to: '+381641234567', text: 'Moba: test' });
    expect(providerMessageId).toMatch(/[0-9a-f-]{36}/);
    expect(fake.requests[0]).toEqual({
      authorization: `App ${API_KEY}`,
      body: {
        messages: [
          { sender: 'Moba', destinations: [{ to: '381641234567' }], content: { text: 'Moba: test' } },
        ],
      },
    });
  });

  test('wrong credentials (401) and a bad request (400) are permanent failures', async () => {
    const wrongKey = createInfobipSender({ ...infobipOptionsFromUrl(fake.url), apiKey: 'nope' });
    const unauthorized = await failureOf(wrongKey.send({ to: '+381641234567', text: 'x' }));
    expect(unauthorized).toMatchObject({ retryable: false });
    expect(unauthorized.message).toMatch(/401 E401/);

    fake.answer = () => ({ status: 400, body: apiError('E400', 'Request cannot be processed.') });
    const sender = createInfobipSender(infobipOptionsFromUrl(fake.url));
    expect(await failureOf(sender.send({ to: '+381641234567', text: 'x' }))).toMatchObject({
      retryable: false,
    });
  });

  test('throttling (429 E429) is retryable after the Retry-After it gives; an outage (503) is retryable', async () => {
    const sender = createInfobipSender(infobipOptionsFromUrl(fake.url));
    fake.answer = () => ({
      status: 429,
      body: apiError('E429', 'Too many requests sent.'),
      headers: { 'retry-after': '30' },
    });
    expect(await failureOf(sender.send({ to: '+381641234567', text: 'x' }))).toMatchObject({
      retryable: true,
      retryAfterMs: 30_000,
    });
    fake.answer = () => ({ status: 503, body: apiError('E503', 'Service unavailable') });
    expect(await failureOf(sender.send({ to: '+381641234567', text: 'x' }))).toMatchObject({
      retryable: true,
    });
  });

  test('a message the API answers REJECTED is a permanent failure; an unreachable API is retryable', async () => {
    const sender = createInfobipSender(infobipOptionsFromUrl(fake.url));
    fake.answer = () => ({
      status: 200,
      body: {
        messages: [
          {
            messageId: 'm1',
            status: { groupId: 5, groupName: 'REJECTED', id: 51, name: 'REJECTED_DESTINATION' },
          },
        ],
      },
    });
    expect((await failureOf(sender.send({ to: '+381641234567', text: 'x' }))).message).toMatch(
      /REJECTED_DESTINATION/,
    );
    const nowhere = createInfobipSender({
      ...infobipOptionsFromUrl(fake.url),
      baseUrl: 'http://127.0.0.1:9',
    });
    expect(await failureOf(nowhere.send({ to: '+381641234567', text: 'x' }))).toMatchObject({
      retryable: true,
    });
  });

  test('through the service: throttled first, sent after the pause; a STOP forwarded by Infobip ends SMS', async () => {
    const secret = 'inbound-secret-0123456789';
    const svc = await startNotification({
      env: { SMS_URL: fake.url, SMS_INBOUND_SECRET: secret, SMS_JOB_INTERVAL_MS: '600000' },
    });
    let throttleOnce = true;
    fake.answer = () => {
      if (!throttleOnce) return { status: 200, body: {} };
      throttleOnce = false;
      return {
        status: 429,
        body: apiError('E429', 'Too many requests sent.'),
        headers: { 'retry-after': '5' },
      };
    };
    const worker = await testToken('Worker');
    const phone = '+381641112233';
    await svc.publish(
      topics.auth,
      events.UserRegistered.create(worker.id, { userId: worker.id, role: 'Worker', phone }),
    );
    // The worker texts START: Infobip forwards it, and the phone is proven.
    const basic = { authorization: `Basic ${Buffer.from(`infobip:${secret}`).toString('base64')}` };
    const started = { results: [{ messageId: 'in-0', from: '381641112233', to: 'Moba', text: 'START' }] };
    expect((await svc.client.post('/sms/inbound', started, basic)).body).toEqual({
      ok: true,
      stopped: 0,
      started: 1,
      confirmed: 0,
    });
    await svc.client.put('/sms/settings', { enabled: true }, worker.auth);
    const [vacancyId, estateId] = [randomUUID(), randomUUID()];
    await svc.publish(topics.application, applicationAccepted({ vacancyId, estateId }, worker.id));
    // The throttled answer must be recorded (attempt 1, waiting) before the clock moves past its pause.
    const outbox = await svc.deps.store.collection<SmsOutboxDoc>('sms_outbox');
    await eventually(
      async () => (await outbox.find({})).some((doc) => doc.attempts === 1),
      'the first attempt recorded as throttled',
    );
    svc.deps.clock.advance(31_000);
    await svc.service.sms.runOnce();
    expect(fake.requests).toHaveLength(2);

    const inbound = {
      results: [{ messageId: 'in-1', from: '381641112233', to: 'Moba', text: 'STOP', cleanText: 'STOP' }],
    };
    expect((await svc.client.post('/sms/inbound', inbound)).status).toBe(401);
    expect((await svc.client.post('/sms/inbound', inbound, basic)).body).toEqual({
      ok: true,
      stopped: 1,
      started: 0,
      confirmed: 0,
    });
    expect((await svc.client.get('/sms/settings', worker.auth)).body).toMatchObject({ stoppedByReply: true });
    expect((await svc.client.get('/dev/sms.json')).status).toBe(404); // no dev outbox with a real provider
    await svc.stop();
  });
});
