import { randomUUID } from 'node:crypto';
import { topics } from '@moba/contracts';
import { smsSendAttempts } from '@moba/platform';
import { eventually, testToken } from '@moba/platform/testing';
import * as events from '../src/messaging/consumed-events';
import { SmsSendError, type Sms, type SmsSender } from '../src/sms/sms-sender';
import type { DevSmsDoc } from '../src/sms/dev-sms';
import { applicationAccepted, startNotification, type StartedNotification } from './helpers';

/** A phone number of its own for each test (the outbox and the rate limit are per phone). */
let phoneCounter = 0;
const newPhone = () =>
  `+38164${String(1_000_000 + Math.floor(Math.random() * 8_000_000) + phoneCounter++).slice(0, 7)}`;

const quietJob = { SMS_JOB_INTERVAL_MS: '600000' };

async function smsTo(svc: StartedNotification, phone: string): Promise<DevSmsDoc[]> {
  return (await svc.client.get(`/dev/sms.json?to=${encodeURIComponent(phone)}`)).body;
}

/** The phone's owner texts START: from now on the phone may get SMS. */
async function start(svc: StartedNotification, phone: string) {
  const reply = await svc.client.post('/dev/sms/reply', { from: phone, text: 'START' });
  expect(reply.body).toEqual({ ok: true, stopped: false, started: true });
}

async function registeredWorker(
  svc: StartedNotification,
  options: { optIn?: boolean; language?: string } = {},
) {
  const phone = newPhone();
  const worker = await testToken('Worker');
  await svc.publish(
    topics.auth,
    events.UserRegistered.create(worker.id, { userId: worker.id, role: 'Worker', phone, language: 'sr' }),
  );
  if (options.optIn) await start(svc, phone);
  if (options.optIn)
    expect(
      (
        await svc.client.put(
          '/sms/settings',
          { enabled: true, language: options.language ?? 'sr' },
          worker.auth,
        )
      ).status,
    ).toBe(200);
  return { ...worker, phone };
}

async function vacancy(svc: StartedNotification, startDate = '2026-12-24', title = 'Berba jabuka') {
  const [vacancyId, estateId] = [randomUUID(), randomUUID()];
  await svc.publish(
    topics.vacancy,
    events.VacancyCreated.create(vacancyId, { vacancyId, estateId, title, startDate }),
  );
  return { vacancyId, estateId };
}

const acceptedEvent = (v: { vacancyId: string; estateId: string }, workerId: string) =>
  applicationAccepted(v, workerId, { freePositions: 1, totalPositions: 2 });

describe('SMS through the dev outbox (/dev/sms)', () => {
  let svc: StartedNotification;
  beforeAll(async () => {
    svc = await startNotification({ env: quietJob });
  });
  afterAll(() => svc.stop());

  test('a worker gets no SMS until they switch SMS on in their profile; then an acceptance arrives as one GSM-7 SMS', async () => {
    const worker = await registeredWorker(svc);
    await start(svc, worker.phone);
    expect((await svc.client.get('/sms/settings', worker.auth)).body).toEqual({
      enabled: false,
      language: 'sr',
      phone: worker.phone,
      stoppedByReply: false,
      phoneProven: true,
    });
    const moba = await vacancy(svc);
    await svc.publish(topics.application, acceptedEvent(moba, worker.id));
    await svc.service.sms.runOnce();
    expect(await smsTo(svc, worker.phone)).toEqual([]);

    await svc.client.put('/sms/settings', { enabled: true }, worker.auth);
    await svc.publish(topics.application, acceptedEvent(moba, worker.id));
    const [sms] = await eventually(async () => {
      const list = await smsTo(svc, worker.phone);
      return list.length > 0 && list;
    }, 'the acceptance SMS');
    expect(sms).toMatchObject({
      to: worker.phone,
      text: `Moba: prihvaceni ste za mobu "Berba jabuka", pocetak 24.12. http://localhost:8080/moba/${moba.vacancyId} Odjava: STOP`,
      encoding: 'GSM-7',
      parts: 1,
    });
  });

  test('a rejection and a deleted moba are told by SMS; a redelivered event sends nothing twice', async () => {
    const worker = await registeredWorker(svc, { optIn: true });
    const moba = await vacancy(svc, '2026-12-28', 'Rezidba');
    const accepted = acceptedEvent(moba, worker.id);
    await svc.publish(topics.application, accepted);
    const rejected = events.ApplicationRejected.create(randomUUID(), {
      applicationId: randomUUID(),
      vacancyId: moba.vacancyId,
      workerId: worker.id,
    });
    await svc.publish(topics.application, rejected);
    const deleted = events.VacancyDeleted.create(moba.vacancyId, { ...moba, title: 'Rezidba' });
    await svc.publish(topics.vacancy, deleted);
    await svc.publish(topics.vacancy, deleted);
    await svc.publish(topics.application, accepted);
    await svc.service.sms.runOnce();
    const texts = (await smsTo(svc, worker.phone)).map((m) => m.text).sort();
    expect(texts).toEqual([
      'Moba: moba "Rezidba" je otkazana. Pogledajte druge mobe u aplikaciji. Odjava: STOP',
      `Moba: prihvaceni ste za mobu "Rezidba", pocetak 28.12. http://localhost:8080/moba/${moba.vacancyId} Odjava: STOP`,
      'Moba: prijava za "Rezidba" nije prihvacena. Pogledajte druge mobe u aplikaciji. Odjava: STOP',
    ]);
  });

  test('a worker who picks Cyrillic gets Cyrillic SMS (UCS-2, at most two parts)', async () => {
    const worker = await registeredWorker(svc, { optIn: true, language: 'sr-Cyrl' });
    await svc.publish(topics.application, acceptedEvent(await vacancy(svc), worker.id));
    await svc.service.sms.runOnce();
    const [sms] = await smsTo(svc, worker.phone);
    expect(sms!.text).toMatch(/^Моба: прихваћени сте за мобу "Берба/);
    expect(sms!.text).toMatch(/ http:\/\/localhost:8080\/moba\/[0-9a-f-]{36} /);
    expect(sms).toMatchObject({ encoding: 'UCS-2', parts: 2 });
  });

  test('a guest is opted in by applying and texting START: application received, then accepted into a moba', async () => {
    const phone = newPhone();
    const guestApplicationId = randomUUID();
    await svc.publish(
      topics.application,
      events.GuestApplicationSubmitted.create(guestApplicationId, { guestApplicationId, phone }),
    );
    await start(svc, phone);
    const moba = await vacancy(svc, '2026-12-30', 'Berba kivija');
    await svc.publish(
      topics.application,
      events.GuestApplicationAccepted.create(guestApplicationId, {
        guestApplicationId,
        applicationId: randomUUID(),
        vacancyId: moba.vacancyId,
      }),
    );
    await svc.service.sms.runOnce();
    const texts = (await smsTo(svc, phone)).map((m) => m.text);
    expect(texts).toHaveLength(2);
    expect(texts).toContain(
      'Moba: primili smo vasu prijavu. Javicemo vam se kada nadjemo mobu za vas. Odjava: odgovorite STOP',
    );
    expect(texts).toContain(
      `Moba: prihvaceni ste za mobu "Berba kivija", pocetak 30.12. http://localhost:8080/moba/${moba.vacancyId} Odjava: STOP`,
    );
  });

  test('a reply STOP ends every SMS to the phone; START from it and the profile switch resume them', async () => {
    const worker = await registeredWorker(svc, { optIn: true });
    const moba = await vacancy(svc);
    const reply = await svc.client.post('/dev/sms/reply', { from: worker.phone.slice(1), text: ' stop ' });
    expect(reply.body).toEqual({ ok: true, stopped: true, started: false });
    expect((await svc.client.get('/sms/settings', worker.auth)).body).toMatchObject({
      enabled: false,
      stoppedByReply: true,
    });
    await svc.publish(topics.application, acceptedEvent(moba, worker.id));
    await svc.service.sms.runOnce();
    expect(await smsTo(svc, worker.phone)).toEqual([]);

    await start(svc, worker.phone);
    expect((await svc.client.put('/sms/settings', { enabled: true }, worker.auth)).body).toMatchObject({
      enabled: true,
      stoppedByReply: false,
    });
    await svc.publish(topics.application, acceptedEvent(moba, worker.id));
    await svc.service.sms.runOnce();
    expect(await smsTo(svc, worker.phone)).toHaveLength(1);
  });

  test('bad settings answer 400 naming the field and change nothing', async () => {
    const worker = await registeredWorker(svc);
    const res = await svc.client.put('/sms/settings', { enabled: 'yes', language: 'de' }, worker.auth);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'enabled',
      'language',
    ]);
    expect((await svc.client.put('/sms/settings', { phone: '+381' }, worker.auth)).status).toBe(400);
    expect((await svc.client.get('/sms/settings', worker.auth)).body.enabled).toBe(false);
  });
});

describe('the reminder the evening before a moba starts (Clock job)', () => {
  test('comes from 18:00 the day before, once per application, across reruns, redelivery and a restart', async () => {
    const first = await startNotification({ env: quietJob });
    const { clock } = first.deps;
    clock.set(new Date('2026-12-23T16:30:00Z')); // 17:30 in Belgrade
    const worker = await registeredWorker(first, { optIn: true });
    const moba = await vacancy(first, '2026-12-24', 'Berba jabuka');
    const accepted = acceptedEvent(moba, worker.id);
    await first.publish(topics.application, accepted);
    await first.service.sms.runOnce();
    expect((await smsTo(first, worker.phone)).map((m) => m.text)).toEqual([
      expect.stringContaining('prihvaceni ste'),
    ]);

    clock.set(new Date('2026-12-23T17:05:00Z')); // 18:05 in Belgrade
    expect((await first.service.sms.runOnce()).reminders).toBe(1);
    expect((await first.service.sms.runOnce()).reminders).toBe(0);
    await first.publish(topics.application, accepted);
    await first.stop();

    // A restarted instance on the same store and clock sends no second reminder.
    const second = await startNotification({ env: quietJob, deps: first.deps });
    await second.service.sms.runOnce();
    const texts = (await smsTo(second, worker.phone)).map((m) => m.text);
    expect(texts.filter((t) => t.includes('sutra'))).toEqual([
      `Moba: sutra (24.12.) pocinje moba "Berba jabuka". http://localhost:8080/moba/${moba.vacancyId} Odjava: STOP`,
    ]);
    expect(texts).toHaveLength(2);
    await second.stop();
  });

  test('a moba deleted before the evening sends no reminder', async () => {
    const svc = await startNotification({ env: quietJob });
    svc.deps.clock.set(new Date('2026-12-23T12:00:00Z'));
    const worker = await registeredWorker(svc, { optIn: true });
    const moba = await vacancy(svc, '2026-12-24');
    await svc.publish(topics.application, acceptedEvent(moba, worker.id));
    await svc.publish(topics.vacancy, events.VacancyDeleted.create(moba.vacancyId, moba));
    svc.deps.clock.set(new Date('2026-12-23T19:00:00Z'));
    expect((await svc.service.sms.runOnce()).reminders).toBe(0);
    await svc.stop();
  });
});

/** A sender that fails as told, then delivers; it records what it was asked. */
function scriptedSender(failures: SmsSendError[]): SmsSender & { sent: Sms[]; calls: number } {
  const sender = {
    sent: [] as Sms[],
    calls: 0,
    async send(sms: Sms) {
      sender.calls++;
      const failure = failures.shift();
      if (failure) throw failure;
      sender.sent.push(sms);
      return { providerMessageId: randomUUID() };
    },
    async close() {},
  };
  return sender;
}

/** moba_sms_send_attempts_total by outcome, as a scrape would read it now. */
async function smsAttempts() {
  const { values } = await smsSendAttempts.get();
  const count = (outcome: string) => values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
  return { sent: count('sent'), retrying: count('retrying'), failed: count('failed') };
}

describe('sending: retries with backoff, per-phone rate limit, never blocking the event', () => {
  test('a provider outage does not hold up the event; the SMS goes out after backoff', async () => {
    const attemptsBefore = await smsAttempts();
    const sender = scriptedSender([new SmsSendError('down', true), new SmsSendError('still down', true)]);
    const svc = await startNotification({
      env: { ...quietJob, SMS_RETRY_BASE_MS: '60000' },
      smsSender: sender,
    });
    const worker = await registeredWorker(svc, { optIn: true });
    const moba = await vacancy(svc);
    await svc.publish(topics.application, acceptedEvent(moba, worker.id));
    // The event was handled: the in-app notification exists although no SMS went out.
    expect((await svc.client.get('/notifications/all', worker.auth)).body).toHaveLength(1);
    await eventually(async () => sender.calls >= 1, 'the first attempt');
    await svc.service.sms.runOnce();
    expect(sender.calls).toBe(1); // waiting 60 s
    svc.deps.clock.advance(61_000);
    await svc.service.sms.runOnce();
    expect(sender.calls).toBe(2); // then 120 s
    svc.deps.clock.advance(61_000);
    await svc.service.sms.runOnce();
    expect(sender.calls).toBe(2);
    svc.deps.clock.advance(60_000);
    await svc.service.sms.runOnce();
    expect(sender.sent.map((s) => s.to)).toEqual([worker.phone]);
    // What the SMS alert reads: two failed attempts, then one sent.
    const attemptsAfter = await smsAttempts();
    expect({
      retrying: attemptsAfter.retrying - attemptsBefore.retrying,
      sent: attemptsAfter.sent - attemptsBefore.sent,
      failed: attemptsAfter.failed - attemptsBefore.failed,
    }).toEqual({ retrying: 2, sent: 1, failed: 0 });
    await svc.stop();
  });

  test('a refused message (bad number) is given up at once; the provider’s Retry-After is respected', async () => {
    const sender = scriptedSender([new SmsSendError('rejected destination', false)]);
    const svc = await startNotification({ env: quietJob, smsSender: sender });
    const worker = await registeredWorker(svc, { optIn: true });
    await svc.publish(topics.application, acceptedEvent(await vacancy(svc), worker.id));
    const failedBefore = (await smsAttempts()).failed;
    await svc.service.sms.runOnce();
    svc.deps.clock.advance(3_600_000);
    await svc.service.sms.runOnce();
    expect(sender.calls).toBe(1);
    expect((await smsAttempts()).failed - failedBefore).toBe(1);
    await svc.stop();

    const throttled = scriptedSender([new SmsSendError('throttled', true, 300_000)]);
    const other = await startNotification({
      env: { ...quietJob, SMS_RETRY_BASE_MS: '1000' },
      smsSender: throttled,
    });
    const w2 = await registeredWorker(other, { optIn: true });
    await other.publish(topics.application, acceptedEvent(await vacancy(other), w2.id));
    await other.service.sms.runOnce();
    other.deps.clock.advance(200_000);
    await other.service.sms.runOnce();
    expect(throttled.sent).toEqual([]);
    other.deps.clock.advance(101_000);
    await other.service.sms.runOnce();
    expect(throttled.sent).toHaveLength(1);
    await other.stop();
  });

  test('an SMS held by an instance that died is not sent while its lease lives, and is taken over once it runs out', async () => {
    const sender = scriptedSender([]);
    const svc = await startNotification({ env: quietJob, smsSender: sender });
    const worker = await registeredWorker(svc, { optIn: true });
    const { outbox } = svc.service.sms.context.sms;
    // Hold the SMS as a dead instance would before the kick's run sends it: stop that run from taking it first.
    await svc.service.sms.stop();
    await svc.publish(topics.application, acceptedEvent(await vacancy(svc), worker.id));
    await eventually(async () => (await outbox.count({ phone: worker.phone })) === 1, 'the SMS queued');
    const [queued] = await outbox.find({ phone: worker.phone });
    const until = new Date(svc.deps.clock.now().getTime() + 60_000).toISOString();
    await outbox.updateOne({ _id: queued!._id }, { $set: { lease: { owner: 'crashed', until } } });

    await svc.service.sms.runOnce();
    expect(sender.sent).toEqual([]);
    svc.deps.clock.advance(61_000);
    await svc.service.sms.runOnce();
    expect(sender.sent.map((s) => s.to)).toEqual([worker.phone]);
    expect(await outbox.findOne({ _id: queued!._id })).toMatchObject({ status: 'sent' });
    await svc.stop();
  });

  test('more SMS to one phone than the limit wait for the window; none is lost', async () => {
    const sender = scriptedSender([]);
    const svc = await startNotification({
      env: { ...quietJob, SMS_PER_PHONE_MAX: '2', SMS_PER_PHONE_WINDOW_MS: '600000' },
      smsSender: sender,
    });
    const worker = await registeredWorker(svc, { optIn: true });
    const moba = await vacancy(svc);
    for (let i = 0; i < 3; i++) await svc.publish(topics.application, acceptedEvent(moba, worker.id));
    await svc.service.sms.runOnce();
    await svc.service.sms.runOnce();
    expect(sender.sent).toHaveLength(2);
    svc.deps.clock.advance(601_000);
    await svc.service.sms.runOnce();
    expect(sender.sent).toHaveLength(3);
    await svc.stop();
  });
});

test('the /dev/sms page offers a reply form whose post (as a browser sends it) stops SMS to the phone', async () => {
  const svc = await startNotification({ env: quietJob });
  const worker = await registeredWorker(svc, { optIn: true });
  expect((await svc.client.get('/dev/sms')).text).toContain('action="/dev/sms/reply"');
  const res = await fetch(`${svc.client.url}/dev/sms/reply`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ from: worker.phone, text: 'STOP' }).toString(),
    redirect: 'manual',
  });
  expect([res.status, res.headers.get('location')]).toEqual([303, '/dev/sms']);
  expect((await svc.client.get('/sms/settings', worker.auth)).body.stoppedByReply).toBe(true);
  await svc.stop();
});
