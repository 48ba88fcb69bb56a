import { randomUUID } from 'node:crypto';
import { notificationKeys, topics, type BroadcastReport } from '@moba/contracts';
import { eventually, testToken } from '@moba/platform/testing';
import * as events from '../src/messaging/consumed-events';
import { SmsSendError, type Sms, type SmsSender } from '../src/sms/sms-sender';
import { openSocket, socketsReady, startNotification, type StartedNotification } from './helpers';

let phoneCounter = 0;
const newPhone = () =>
  `+38165${String(2_000_000 + phoneCounter++ * 7919)
    .padStart(7, '0')
    .slice(-7)}`;

/** Delivers to every phone but those told to fail (a permanent refusal, as a bad number gets). */
function senderFailingFor(failing: Set<string>): SmsSender & { sent: Sms[] } {
  const sender = {
    sent: [] as Sms[],
    async send(sms: Sms) {
      if (failing.has(sms.to)) throw new SmsSendError('rejected destination', false);
      sender.sent.push(sms);
      return { providerMessageId: randomUUID() };
    },
    async close() {},
  };
  return sender;
}

const failing = new Set<string>();
const sender = senderFailingFor(failing);
let svc: StartedNotification;
beforeAll(async () => {
  svc = await startNotification({ env: { SMS_JOB_INTERVAL_MS: '600000' }, smsSender: sender });
});
afterAll(() => svc.stop());

async function worker(options: { sms?: boolean; smsFails?: boolean } = {}) {
  const session = await testToken('Worker');
  const phone = newPhone();
  await svc.publish(
    topics.auth,
    events.UserRegistered.create(session.id, { userId: session.id, role: 'Worker', phone, language: 'sr' }),
  );
  if (options.sms) {
    await svc.client.post('/dev/sms/reply', { from: phone, text: 'START' });
    expect((await svc.client.put('/sms/settings', { enabled: true }, session.auth)).status).toBe(200);
  }
  if (options.smsFails) failing.add(phone);
  return { ...session, phone };
}

async function moba() {
  const estate = await testToken('Estate');
  const vacancyId = randomUUID();
  await svc.publish(
    topics.vacancy,
    events.VacancyCreated.create(vacancyId, { vacancyId, estateId: estate.id, title: 'Berba malina' }),
  );
  return { estate, vacancyId };
}

const broadcastSent = (
  m: { vacancyId: string; estate: { id: string } },
  recipients: { id: string; name: string }[],
  broadcastId = randomUUID(),
) =>
  events.BroadcastSent.create(m.vacancyId, {
    broadcastId,
    vacancyId: m.vacancyId,
    estateId: m.estate.id,
    estateName: 'Imanje Sunce',
    title: 'Berba malina',
    day: null,
    template: 'start-moved',
    value: '09:00',
    recipients: recipients.map((r) => ({ workerId: r.id, applicationId: randomUUID(), name: r.name })),
    sentAt: new Date().toISOString(),
  });

const report = async (vacancyId: string, auth: Record<string, string>) =>
  (await svc.client.get(`/estates/vacancies/${vacancyId}/broadcasts`, auth)).body as BroadcastReport;

const broadcastNotes = async (session: { auth: Record<string, string> }) =>
  (
    (await svc.client.get('/notifications/all', session.auth)).body as {
      id: string;
      content: { key: string };
    }[]
  ).filter((n) => n.content.key === notificationKeys.broadcast);

describe('an estate broadcast reaches each recipient once', () => {
  test('one notification per recipient with the broadcast params, also when the event comes twice or anew', async () => {
    const m = await moba();
    const [a, b] = [await worker(), await worker()];
    const event = broadcastSent(m, [
      { id: a.id, name: 'Ana' },
      { id: b.id, name: 'Boško' },
    ]);
    await svc.publish(topics.application, event);
    await svc.publish(topics.application, event);
    // the same broadcast in a new envelope (a producer's retry): still nothing twice
    await svc.publish(topics.application, { ...event, id: randomUUID() });
    for (const who of [a, b]) {
      const notes = await broadcastNotes(who);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({
        content: {
          key: 'notification.broadcast',
          params: {
            broadcastId: event.data.broadcastId,
            vacancyId: m.vacancyId,
            vacancyTitle: 'Berba malina',
            estateName: 'Imanje Sunce',
            template: 'start-moved',
            value: '09:00',
            day: null,
          },
        },
      });
    }
    const { broadcasts } = await report(m.vacancyId, m.estate.auth);
    expect(broadcasts).toHaveLength(1);
    expect(broadcasts[0]!.recipients.map((r) => r.name)).toEqual(['Ana', 'Boško']);
  });
});

describe('each recipient’s state: queued → delivered → read, SMS sent or failed', () => {
  test('the estate sees pushed, fetched, read, SMS sent and SMS failed, with totals', async () => {
    const m = await moba();
    const online = await worker();
    const later = await worker();
    const smsUser = await worker({ sms: true });
    const badNumber = await worker({ sms: true, smsFails: true });
    const socket = await openSocket(svc.wsUrl(online.id), { token: online.token });
    await socketsReady(svc.service, online.id, 1);

    await svc.publish(
      topics.application,
      broadcastSent(m, [
        { id: online.id, name: 'Online Ognjen' },
        { id: later.id, name: 'Kasni Lazar' },
        { id: smsUser.id, name: 'SMS Stana' },
        { id: badNumber.id, name: 'Loš Broj' },
      ]),
    );
    await eventually(async () => socket.received.length === 1, 'the live push');
    const stateOf = async (workerId: string) =>
      (await report(m.vacancyId, m.estate.auth)).broadcasts[0]!.recipients.find(
        (r) => r.workerId === workerId,
      )!;
    await eventually(async () => (await stateOf(online.id)).state === 'delivered', 'pushed: delivered');
    expect(await stateOf(later.id)).toMatchObject({ state: 'queued', sms: null });
    expect(await stateOf(smsUser.id)).toMatchObject({ sms: expect.stringMatching(/queued|sent/) });

    await svc.service.sms.runOnce();
    expect(await stateOf(smsUser.id)).toMatchObject({ state: 'sms-sent', sms: 'sent' });
    expect(await stateOf(badNumber.id)).toMatchObject({ state: 'failed', sms: 'failed' });
    expect(sender.sent.find((s) => s.to === smsUser.phone)!.text).toBe(
      'Moba "Berba malina": od sada pocinjemo u 09:00. Odjava: STOP',
    );

    // fetched in the list: delivered; marked read: read
    const [note] = await broadcastNotes(later);
    expect(await stateOf(later.id)).toMatchObject({ state: 'delivered' });
    await svc.client.post('/notifications/read', { notificationIds: [note!.id] }, later.auth);
    expect(await stateOf(later.id)).toMatchObject({ state: 'read' });
    // reading all of one's notifications reads the broadcast too; the SMS state stays on record
    await svc.client.post('/notifications/read', {}, smsUser.auth);
    expect(await stateOf(smsUser.id)).toMatchObject({ state: 'read', sms: 'sent' });

    const [item] = (await report(m.vacancyId, m.estate.auth)).broadcasts;
    expect(item!.totals).toEqual({ recipients: 4, queued: 0, delivered: 1, read: 2, smsSent: 1, failed: 1 });
    socket.close();
  });

  test("another worker's read marks nothing of someone else's delivery", async () => {
    const m = await moba();
    const mine = await worker();
    const other = await worker();
    await svc.publish(topics.application, broadcastSent(m, [{ id: mine.id, name: 'Moj' }]));
    const [note] = (await svc.client.get('/notifications/all', mine.auth)).body as { id: string }[];
    await svc.client.post('/notifications/read', { notificationIds: [note!.id] }, other.auth);
    const [item] = (await report(m.vacancyId, m.estate.auth)).broadcasts;
    expect(item!.recipients[0]!.state).toBe('delivered');
  });
});
