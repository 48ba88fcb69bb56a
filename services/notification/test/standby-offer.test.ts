import { randomUUID } from 'node:crypto';
import { PlacesReleased, StandbyOffered, notificationKeys, topics, type Notification } from '@moba/contracts';
import { eventually, testToken } from '@moba/platform/testing';
import * as events from '../src/messaging/consumed-events';
import type { DevSmsDoc } from '../src/sms/dev-sms';
import { smsText } from '../src/sms/sms-messages';
import { smsLength } from '../src/sms/gsm7';
import { startNotification, type StartedNotification } from './helpers';

/**
 * Standby (issue #31): when places are freed on a moba, every offered worker hears it in the app
 * (pushed live) and, if they use SMS, by an SMS carrying the moba page's link; once per offer.
 */
let svc: StartedNotification;
beforeAll(async () => {
  svc = await startNotification({
    env: { SMS_JOB_INTERVAL_MS: '600000', PUBLIC_URL: 'https://moba.example' },
  });
});
afterAll(() => svc.stop());

let phoneSeq = 0;
const newPhone = () => `+38165${String(3_000_000 + (Date.now() % 1_000_000) + phoneSeq++).slice(0, 7)}`;

async function worker(optIn: boolean) {
  const phone = newPhone();
  const session = await testToken('Worker');
  await svc.publish(
    topics.auth,
    events.UserRegistered.create(session.id, { userId: session.id, role: 'Worker', phone, language: 'sr' }),
  );
  if (optIn) {
    await svc.client.post('/dev/sms/reply', { from: phone, text: 'START' });
    expect((await svc.client.put('/sms/settings', { enabled: true }, session.auth)).status).toBe(200);
  }
  return { ...session, phone };
}
const listOf = async (auth: Record<string, string>): Promise<Notification[]> =>
  (await svc.client.get('/notifications/all', auth)).body;
const smsTo = async (phone: string): Promise<DevSmsDoc[]> =>
  (await svc.client.get(`/dev/sms.json?to=${encodeURIComponent(phone)}`)).body;

test('each offered worker is told once in the app; an SMS user also gets an SMS with the moba page link', async () => {
  const [bySms, inApp] = [await worker(true), await worker(false)];
  const vacancyId = randomUUID();
  const offer = StandbyOffered.create(vacancyId, {
    offerId: `release:${randomUUID()}`,
    vacancyId,
    estateId: randomUUID(),
    title: 'Berba malina',
    freePositions: 2,
    offers: [
      { applicationId: randomUUID(), workerId: bySms.id, positions: 1 },
      { applicationId: randomUUID(), workerId: inApp.id, positions: 2 },
    ],
  });
  await svc.publish(topics.application, offer);
  await svc.publish(topics.application, offer); // redelivered: nothing twice

  for (const w of [bySms, inApp]) {
    const notes = await listOf(w.auth);
    expect(notes).toHaveLength(1);
    expect(notes[0].content).toEqual({
      key: notificationKeys.standbyOffered,
      params: { vacancyId, vacancyTitle: 'Berba malina', freePositions: 2 },
    });
  }
  await svc.service.sms.runOnce();
  const sent = await eventually(async () => {
    const list = await smsTo(bySms.phone);
    return list.length > 0 ? list : null;
  }, 'the SMS');
  expect(sent).toHaveLength(1);
  expect(sent[0].text).toContain(`https://moba.example/moba/${vacancyId}`);
  expect(sent[0].text).toContain('Berba malina');
  expect(await smsTo(inApp.phone)).toEqual([]);
});

describe('the standby SMS text', () => {
  const link = 'https://moba.rs/moba/0b9a7c1e-1111-4222-8333-444455556666';
  const title = 'Berba malina u Arilju kod Petrovića, velika moba za celu sezonu';
  test.each([
    ['sr', 'slobodno mesto', 'GSM-7', 160],
    ['en', 'A place opened'.toLowerCase(), 'GSM-7', 160],
    ['sr-Cyrl', 'слободно место', 'UCS-2', 134],
  ] as const)(
    'in %s it keeps the whole link, untouched by the script, and fits its parts',
    (language, says, encoding, max) => {
      const text = smsText('standbyOffered', { title, link }, language);
      expect(text.toLowerCase()).toContain(says);
      expect(text).toContain(link);
      expect(smsLength(text).encoding).toBe(encoding);
      expect(smsLength(text).units).toBeLessThanOrEqual(max);
    },
  );
});

test('a worker whose whole place was given back gets no "starts tomorrow" reminder and leaves the moba replica', async () => {
  const worker = await testToken('Worker');
  const [vacancyId, estateId, applicationId] = [randomUUID(), randomUUID(), randomUUID()];
  await svc.publish(
    topics.application,
    events.ApplicationAccepted.create(applicationId, {
      applicationId,
      vacancyId,
      estateId,
      workerId: worker.id,
      guest: false,
      positions: 1,
      freePositions: 1,
      totalPositions: 2,
    }),
  );
  const placements = svc.service.sms.context.sms.placements;
  const vacancies = await svc.deps.store.collection<{ _id: string; acceptedWorkerIds?: string[] }>(
    'vacancy_replica',
  );
  expect((await vacancies.findOne({ _id: vacancyId }))?.acceptedWorkerIds).toEqual([worker.id]);
  const released = PlacesReleased.create(applicationId, {
    applicationId,
    vacancyId,
    estateId,
    workerId: worker.id,
    heads: 1,
    reason: 'worker-cancelled',
    remaining: 0,
    late: false,
    releasedAt: new Date().toISOString(),
  });
  await svc.publish(topics.application, released);
  await svc.publish(topics.application, released);
  expect((await placements.findOne({ _id: applicationId }))?.cancelled).toBe(true);
  expect((await vacancies.findOne({ _id: vacancyId }))?.acceptedWorkerIds).toEqual([]);
});
