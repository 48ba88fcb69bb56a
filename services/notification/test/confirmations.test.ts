import { randomUUID } from 'node:crypto';
import { SmsConfirmationReceived, notificationKeys, topics, type EventEnvelope } from '@moba/contracts';
import { eventually, testToken } from '@moba/platform/testing';
import * as events from '../src/messaging/consumed-events';
import { smsText } from '../src/sms/sms-messages';
import { smsLength } from '../src/sms/gsm7';
import type { DevSmsDoc } from '../src/sms/dev-sms';
import { openSocket, socketsReady, startNotification, type StartedNotification } from './helpers';

/**
 * Confirmations on the notification side (issue #31 point 3): a request reaches the worker in the app
 * (pushed live) and by SMS once per confirmationId; a DA / NE reply from a worker's phone goes out as
 * SmsConfirmationReceived once per provider message.
 */

let svc: StartedNotification;
const received: EventEnvelope[] = [];
beforeAll(async () => {
  svc = await startNotification({
    env: { SMS_JOB_INTERVAL_MS: '600000', SMS_INBOUND_SECRET: 'tajna-tajna-tajna-1' },
  });
  await svc.deps.bus.subscribe(topics.notification, 'test-observer', async (event) => {
    received.push(event);
  });
});
afterAll(() => svc.stop());

let phoneCounter = 0;
const newPhone = () => `+38165${String(2_000_000 + phoneCounter++ * 7919).slice(0, 7)}`;

async function smsWorker() {
  const phone = newPhone();
  const worker = await testToken('Worker');
  await svc.publish(
    topics.auth,
    events.UserRegistered.create(worker.id, { userId: worker.id, role: 'Worker', phone, language: 'sr' }),
  );
  expect((await svc.client.post('/dev/sms/reply', { from: phone, text: 'START' })).body.started).toBe(true);
  expect((await svc.client.put('/sms/settings', { enabled: true }, worker.auth)).status).toBe(200);
  return { ...worker, phone };
}

const request = (workerId: string, overrides: Record<string, unknown> = {}) => {
  const applicationId = randomUUID();
  return events.ConfirmationRequested.create(applicationId, {
    confirmationId: `${applicationId}:2026-12-24`,
    applicationId,
    vacancyId: randomUUID(),
    workerId,
    title: 'Berba jabuka',
    day: '2026-12-24',
    meetingTime: '06:30',
    heads: 1,
    deadline: '2026-12-23T20:00:00.000Z',
    ...overrides,
  });
};
const smsTo = async (phone: string): Promise<DevSmsDoc[]> =>
  (await svc.client.get(`/dev/sms.json?to=${encodeURIComponent(phone)}`)).body;
const repliesOf = (workerId: string) =>
  received.filter(
    (e) => e.type === SmsConfirmationReceived.type && (e.data as { workerId: string }).workerId === workerId,
  );

describe('a confirmation request reaches the worker', () => {
  test('in the app, pushed live, linking to the moba; and by SMS "…Odgovorite DA ili NE."; once, delivered twice', async () => {
    const worker = await smsWorker();
    const socket = await openSocket(svc.wsUrl(worker.id), { token: worker.token });
    await socketsReady(svc.service, worker.id, 1);
    const event = request(worker.id);
    await svc.publish(topics.application, event);
    await svc.publish(topics.application, event);
    // The same confirmation in another event (a second relay's copy): still once.
    await svc.publish(topics.application, { ...event, id: randomUUID() });
    const [notification] = await eventually(async () => {
      const list = (await svc.client.get('/notifications/all', worker.auth)).body;
      return list.length > 0 && list;
    }, 'the notification');
    expect(notification.content).toEqual({
      key: notificationKeys.confirmationRequested,
      params: expect.objectContaining({
        vacancyId: event.data.vacancyId,
        vacancyTitle: 'Berba jabuka',
        day: '2026-12-24',
        time: '06:30',
        heads: 1,
      }),
    });
    await eventually(async () => socket.received.length > 0, 'the live push');
    expect(socket.received[0]!.id).toBe(notification.id);
    socket.close();
    await svc.service.sms.runOnce();
    const sms = await smsTo(worker.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({
      text: 'Moba: dolazite li na "Berba jabuka" 24.12. u 06:30? Odgovorite DA ili NE. Odjava: STOP',
      encoding: 'GSM-7',
      parts: 1,
    });
    expect((await svc.client.get('/notifications/all', worker.auth)).body).toHaveLength(1);
  });

  test('the request SMS stays one GSM-7 part with a long title, and two Cyrillic parts at most', () => {
    const title = 'Berba šljiva i jabuka u voćnjaku porodice Đorđević kod Čačka, Žiča 2026';
    const latin = smsText('confirm', { title, startDate: '2026-07-05', time: '07:00' }, 'sr');
    expect(latin).toMatch(/Odgovorite DA ili NE\. Odjava: STOP$/);
    expect(smsLength(latin)).toMatchObject({ encoding: 'GSM-7', parts: 1 });
    const cyrillic = smsText('confirm', { title, startDate: '2026-07-05' }, 'sr-Cyrl');
    expect(cyrillic).toContain('ДА или НЕ');
    expect(smsLength(cyrillic).parts).toBeLessThanOrEqual(2);
    expect(smsText('confirm', { title: 'Rezidba', startDate: '2026-07-05' }, 'en')).toBe(
      'Moba: are you coming to "Rezidba" on 5 Jul? Reply DA (yes) or NE (no). STOP to stop',
    );
  });
});

describe('a DA / NE reply from a worker phone', () => {
  const basic = { authorization: `Basic ${Buffer.from('infobip:tajna-tajna-tajna-1').toString('base64')}` };

  test('"Да 3" through the provider publishes SmsConfirmationReceived once, however often it is forwarded', async () => {
    const worker = await smsWorker();
    const inbound = {
      results: [{ messageId: `in-${randomUUID()}`, from: worker.phone.slice(1), to: 'Moba', text: 'Да 3' }],
    };
    const first = await svc.client.post('/sms/inbound', inbound, basic);
    expect(first.body).toEqual({ ok: true, stopped: 0, started: 0, confirmed: 1 });
    const again = await svc.client.post('/sms/inbound', inbound, basic);
    expect(again.body).toEqual({ ok: true, stopped: 0, started: 0, confirmed: 0 });
    await eventually(async () => repliesOf(worker.id).length > 0, 'SmsConfirmationReceived');
    expect(repliesOf(worker.id)).toHaveLength(1);
    expect(repliesOf(worker.id)[0]!.data).toMatchObject({
      messageId: inbound.results[0]!.messageId,
      workerId: worker.id,
      answer: 'yes',
      heads: 3,
    });
    expect(SmsConfirmationReceived.envelope.safeParse(repliesOf(worker.id)[0]).success).toBe(true);
  });

  test('"ne mogu" from the dev page is a no; a text that is neither, or from an unknown phone, publishes nothing', async () => {
    const worker = await smsWorker();
    const maybe = await svc.client.post('/dev/sms/reply', { from: worker.phone, text: 'možda' });
    expect(maybe.body).toEqual({ ok: true, stopped: false, started: false, confirmed: false });
    const stranger = await svc.client.post('/dev/sms/reply', { from: newPhone(), text: 'DA' });
    expect(stranger.body.confirmed).toBe(false);
    const no = await svc.client.post('/dev/sms/reply', { from: worker.phone, text: 'Ne mogu.' });
    expect(no.body.confirmed).toBe(true);
    await eventually(async () => repliesOf(worker.id).length > 0, 'the no');
    expect(repliesOf(worker.id).map((e) => e.data)).toEqual([expect.objectContaining({ answer: 'no' })]);
    // STOP still stops: it is not read as an answer.
    expect((await svc.client.post('/dev/sms/reply', { from: worker.phone, text: 'STOP' })).body).toEqual({
      ok: true,
      stopped: true,
      started: false,
    });
  });
});
