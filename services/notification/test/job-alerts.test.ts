import { randomUUID } from 'node:crypto';
import { JOB_ALERT_SMS_PER_DAY, notificationKeys, topics, type Notification } from '@moba/contracts';
import { testToken } from '@moba/platform/testing';
import {
  MobaCreated,
  MobaStatusChanged,
  WorkerProfileChanged,
  WorkerSignedUp,
} from '../src/messaging/job-alert-events';
import type { DevSmsDoc } from '../src/sms/dev-sms';
import { openSmsStore } from '../src/sms/sms-store';
import { startNotification, type StartedNotification } from './helpers';

const PUBLIC_URL = 'https://moba.example';
const quietJob = { SMS_JOB_INTERVAL_MS: '600000', PUBLIC_URL };
/** 10:00 in Belgrade (UTC+1 in winter): outside the quiet hours. */
const MORNING = new Date('2026-11-26T09:00:00Z');

let phoneCounter = 0;
const newPhone = () =>
  `+38165${String(1_000_000 + Math.floor(Math.random() * 8_000_000) + phoneCounter++).slice(0, 7)}`;

async function signedUpWorker(
  svc: StartedNotification,
  profile: { municipality?: string; availabilityMonths?: number[]; cultures?: string[]; phone?: string } = {},
) {
  const worker = await testToken('Worker');
  const phone = profile.phone ?? newPhone();
  const signedUp = WorkerSignedUp.create(worker.id, {
    userId: worker.id,
    role: 'Worker',
    region: 'RS',
    municipality: profile.municipality ?? 'Arilje',
    availabilityMonths: profile.availabilityMonths ?? [7, 8],
    cultures: profile.cultures ?? ['malina'],
  });
  // one UserRegistered, as the auth service sends it: the SMS and the alert readers each take their fields
  await svc.publish(topics.auth, { ...signedUp, data: { ...signedUp.data, phone, language: 'sr' } });
  return { ...worker, phone };
}

/** The worker sends START from their phone and switches SMS on in the profile. */
async function smsOn(svc: StartedNotification, worker: { phone: string; auth: Record<string, string> }) {
  await svc.client.post('/dev/sms/reply', { from: worker.phone, text: 'START' });
  expect((await svc.client.put('/sms/settings', { enabled: true }, worker.auth)).status).toBe(200);
}

interface MobaFacts {
  municipality?: string;
  crops?: string[];
  jobActivities?: string[];
  startDate?: string;
  endDate?: string;
  dailyWage?: number;
  status?: string;
}
function mobaCreated(facts: MobaFacts = {}) {
  const vacancyId = randomUUID();
  const event = MobaCreated.create(vacancyId, {
    vacancyId,
    title: 'Berba maline',
    municipality: facts.municipality ?? 'Požega',
    region: 'RS',
    crops: facts.crops ?? ['malina'],
    ...(facts.jobActivities ? { jobActivities: facts.jobActivities } : {}),
    startDate: facts.startDate ?? '2027-07-05',
    endDate: facts.endDate ?? '2027-07-20',
    ...(facts.dailyWage !== undefined ? { dailyWage: facts.dailyWage } : { dailyWage: 4000 }),
    status: facts.status ?? 'Open',
  });
  return { vacancyId, event };
}
const opened = (vacancyId: string, from = 'Review') =>
  MobaStatusChanged.create(vacancyId, { vacancyId, to: 'Open', from } as never);

async function jobAlertsOf(svc: StartedNotification, worker: { auth: Record<string, string> }) {
  const list = (await svc.client.get('/notifications/all', worker.auth)).body as Notification[];
  return list.filter((n) => n.content.key === notificationKeys.jobAlert);
}
const smsTo = async (svc: StartedNotification, phone: string): Promise<DevSmsDoc[]> =>
  (await svc.client.get(`/dev/sms.json?to=${encodeURIComponent(phone)}`)).body;

describe('job alert settings', () => {
  let svc: StartedNotification;
  beforeAll(async () => {
    svc = await startNotification({ env: quietJob });
  });
  afterAll(() => svc.stop());

  test('start from the profile at sign-up: months, cultures, home; radius 30 km, any activity and pay', async () => {
    const worker = await signedUpWorker(svc, { availabilityMonths: [6, 7], cultures: ['malina', 'visnja'] });
    expect((await svc.client.get('/job-alerts/settings', worker.auth)).body).toEqual({
      enabled: true,
      crops: ['malina', 'visnja'],
      jobActivities: [],
      radiusKm: 30,
      months: [6, 7],
      minDailyWage: 0,
      sms: true,
      home: 'Arilje',
      smsReady: false,
    });
  });

  test('the worker changes them; a profile move changes the home they count from', async () => {
    const worker = await signedUpWorker(svc);
    const change = { crops: ['sljiva'], jobActivities: ['berba-branje'], radiusKm: 100, minDailyWage: 3500 };
    const res = await svc.client.put('/job-alerts/settings', change, worker.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...change, months: [7, 8], enabled: true });
    await svc.publish(
      topics.auth,
      WorkerProfileChanged.create(randomUUID(), { userId: worker.id, role: 'Worker', municipality: 'Čačak' }),
    );
    expect((await svc.client.get('/job-alerts/settings', worker.auth)).body.home).toBe('Čačak');
  });

  test.each([
    [{ radiusKm: 42 }, 'radiusKm'],
    [{ crops: ['banana'] }, 'crops.0'],
    [{ jobActivities: ['nothing'] }, 'jobActivities.0'],
    [{ months: [] }, 'months'],
    [{ months: [13] }, 'months.0'],
    [{ months: [7, 7] }, 'months'],
    [{ minDailyWage: -1 }, 'minDailyWage'],
    [{ minDailyWage: 'a lot' }, 'minDailyWage'],
    [{ sms: 'yes' }, 'sms'],
    [{ radius: 10 }, '(root)'], // an unknown field: code unknown_field
  ])('%j is refused with 400 naming %s, and nothing changes', async (body, field) => {
    const worker = await signedUpWorker(svc);
    const before = (await svc.client.get('/job-alerts/settings', worker.auth)).body;
    const res = await svc.client.put('/job-alerts/settings', body, worker.auth);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect((await svc.client.get('/job-alerts/settings', worker.auth)).body).toEqual(before);
  });
});

describe('telling the workers whose alert a moba meets', () => {
  let svc: StartedNotification;
  beforeAll(async () => {
    svc = await startNotification({ env: quietJob });
    svc.deps.clock.set(MORNING);
  });
  afterAll(() => svc.stop());

  test('only those it meets: near enough, in their months, their crop and activity, their pay', async () => {
    const near = await signedUpWorker(svc); // Arilje, 12 km from Požega, July-August, raspberries
    const far = await signedUpWorker(svc, { municipality: 'Subotica' });
    const otherMonths = await signedUpWorker(svc, { availabilityMonths: [3, 4] });
    const otherCrop = await signedUpWorker(svc, { cultures: ['jabuka'] });
    const anyCrop = await signedUpWorker(svc, { cultures: [] });
    const wantsMore = await signedUpWorker(svc);
    await svc.client.put('/job-alerts/settings', { minDailyWage: 5000 }, wantsMore.auth);
    const tooSmallRadius = await signedUpWorker(svc, { municipality: 'Ivanjica' }); // 34 km > 30
    const wideRadius = await signedUpWorker(svc, { municipality: 'Ivanjica' });
    await svc.client.put('/job-alerts/settings', { radiusKm: 50 }, wideRadius.auth);
    const otherActivity = await signedUpWorker(svc);
    await svc.client.put(
      '/job-alerts/settings',
      { jobActivities: ['rezidba-orezivanje'] },
      otherActivity.auth,
    );
    const stopped = await signedUpWorker(svc);
    await svc.client.put('/job-alerts/settings', { enabled: false }, stopped.auth);

    const { vacancyId, event } = mobaCreated({ jobActivities: ['berba-branje'] });
    await svc.publish(topics.vacancy, event);

    for (const told of [near, anyCrop, wideRadius]) {
      const alerts = await jobAlertsOf(svc, told);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.content.params).toMatchObject({
        vacancyId,
        vacancyTitle: 'Berba maline',
        municipality: 'Požega',
      });
    }
    for (const notTold of [far, otherMonths, otherCrop, wantsMore, tooSmallRadius, otherActivity, stopped])
      expect(await jobAlertsOf(svc, notTold)).toEqual([]);
  });

  test('exactly once: redelivered, opened again after being full, and after a restart', async () => {
    const worker = await signedUpWorker(svc);
    const { vacancyId, event } = mobaCreated();
    await svc.publish(topics.vacancy, event);
    await svc.publish(topics.vacancy, event);
    await svc.publish(topics.vacancy, opened(vacancyId, 'Full'));
    expect(await jobAlertsOf(svc, worker)).toHaveLength(1);

    const restarted = await startNotification({ env: quietJob, deps: { store: svc.deps.store } });
    try {
      await restarted.publish(topics.vacancy, event);
      await restarted.publish(topics.vacancy, opened(vacancyId, 'Full'));
      expect(await jobAlertsOf(restarted, worker)).toHaveLength(1);
    } finally {
      await restarted.stop();
    }
  });

  test('a held moba tells nobody until an admin approves it; then it tells', async () => {
    const worker = await signedUpWorker(svc);
    const { vacancyId, event } = mobaCreated({ status: 'Review' });
    await svc.publish(topics.vacancy, event);
    expect(await jobAlertsOf(svc, worker)).toEqual([]);
    await svc.publish(topics.vacancy, opened(vacancyId, 'Review'));
    const alerts = await jobAlertsOf(svc, worker);
    expect(alerts.map((a) => a.content.params.vacancyId)).toEqual([vacancyId]);
  });

  test('a moba paid by the norm (no daily wage) meets only alerts that ask no minimum', async () => {
    const anyPay = await signedUpWorker(svc);
    const minimum = await signedUpWorker(svc);
    await svc.client.put('/job-alerts/settings', { minDailyWage: 1 }, minimum.auth);
    const vacancyId = randomUUID();
    await svc.publish(
      topics.vacancy,
      MobaCreated.create(vacancyId, {
        vacancyId,
        title: 'Berba po normi',
        municipality: 'Požega',
        region: 'RS',
        crops: ['malina'],
        startDate: '2027-07-05',
        endDate: '2027-07-20',
        status: 'Open',
      }),
    );
    expect(await jobAlertsOf(svc, anyPay)).toHaveLength(1);
    expect(await jobAlertsOf(svc, minimum)).toEqual([]);
  });
});

describe('job alert SMS', () => {
  let svc: StartedNotification;
  beforeEach(async () => {
    svc = await startNotification({ env: quietJob });
    svc.deps.clock.set(MORNING);
  });
  afterEach(() => svc.stop());

  test('by day an SMS goes with the link to the moba page and how to stop alerts only', async () => {
    const worker = await signedUpWorker(svc);
    await smsOn(svc, worker);
    expect((await svc.client.get('/job-alerts/settings', worker.auth)).body.smsReady).toBe(true);
    const { vacancyId, event } = mobaCreated();
    await svc.publish(topics.vacancy, event);
    await svc.service.sms.runOnce();
    const sent = await smsTo(svc, worker.phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`${PUBLIC_URL}/moba/${vacancyId}`);
    expect(sent[0]!.text).toContain('STOP POSAO');
  });

  test('found in the quiet hours (22:30 Belgrade) it waits for 07:00', async () => {
    const worker = await signedUpWorker(svc);
    await smsOn(svc, worker);
    svc.deps.clock.set(new Date('2026-11-26T21:30:00Z'));
    await svc.publish(topics.vacancy, mobaCreated().event);
    expect(await jobAlertsOf(svc, worker)).toHaveLength(1); // the app tells at once
    const outbox = (await openSmsStore(svc.deps.store)).outbox;
    const [queued] = await outbox.find({ recipientId: worker.id, kind: 'jobAlert' });
    expect(queued!.nextAttemptAt).toBe('2026-11-27T06:00:00.000Z');
    await svc.service.sms.runOnce();
    expect(await smsTo(svc, worker.phone)).toEqual([]);
    svc.deps.clock.set(new Date('2026-11-27T06:00:01Z'));
    await svc.service.sms.runOnce();
    expect(await smsTo(svc, worker.phone)).toHaveLength(1);
  });

  test(`at most ${JOB_ALERT_SMS_PER_DAY} a day by SMS; the app tells of every one`, async () => {
    const worker = await signedUpWorker(svc);
    await smsOn(svc, worker);
    for (let i = 0; i <= JOB_ALERT_SMS_PER_DAY; i++) await svc.publish(topics.vacancy, mobaCreated().event);
    expect(await jobAlertsOf(svc, worker)).toHaveLength(JOB_ALERT_SMS_PER_DAY + 1);
    const outbox = (await openSmsStore(svc.deps.store)).outbox;
    expect(await outbox.count({ recipientId: worker.id, kind: 'jobAlert' })).toBe(JOB_ALERT_SMS_PER_DAY);
    svc.deps.clock.set(new Date('2026-11-27T09:00:00Z'));
    await svc.publish(topics.vacancy, mobaCreated().event);
    expect(await outbox.count({ recipientId: worker.id, kind: 'jobAlert' })).toBe(JOB_ALERT_SMS_PER_DAY + 1);
  });

  test('without SMS switched on (or with sms off in the alert) only the app tells', async () => {
    const noSms = await signedUpWorker(svc);
    const alertSmsOff = await signedUpWorker(svc);
    await smsOn(svc, alertSmsOff);
    await svc.client.put('/job-alerts/settings', { sms: false }, alertSmsOff.auth);
    await svc.publish(topics.vacancy, mobaCreated().event);
    await svc.service.sms.runOnce();
    for (const worker of [noSms, alertSmsOff]) {
      expect(await jobAlertsOf(svc, worker)).toHaveLength(1);
      expect(await smsTo(svc, worker.phone)).toEqual([]);
    }
    // Nor is a daily SMS count opened for them (most workers never turn SMS on: a burst skips them).
    expect(await (await svc.deps.store.collection('job_alert_sms_counts')).count({})).toBe(0);
  });

  test.each(['STOP POSAO', 'стоп посао', 'Stop posao'])(
    'the reply "%s" stops job alerts only; other SMS and a plain STOP keep their meaning',
    async (reply) => {
      const worker = await signedUpWorker(svc);
      await smsOn(svc, worker);
      svc.deps.clock.set(new Date('2026-11-26T21:30:00Z')); // its SMS waits for the morning
      await svc.publish(topics.vacancy, mobaCreated().event);
      const res = await svc.client.post('/dev/sms/reply', { from: worker.phone, text: reply });
      expect(res.body).toMatchObject({ stopped: false, jobAlertsStopped: true });
      expect((await svc.client.get('/job-alerts/settings', worker.auth)).body.enabled).toBe(false);
      expect((await svc.client.get('/sms/settings', worker.auth)).body.enabled).toBe(true);
      svc.deps.clock.set(new Date('2026-11-27T07:00:00Z'));
      await svc.service.sms.runOnce();
      expect(await smsTo(svc, worker.phone)).toEqual([]);
      await svc.publish(topics.vacancy, mobaCreated().event);
      expect(await jobAlertsOf(svc, worker)).toHaveLength(1);

      const plain = await svc.client.post('/dev/sms/reply', { from: worker.phone, text: 'STOP' });
      expect(plain.body).toMatchObject({ stopped: true });
      expect((await svc.client.get('/sms/settings', worker.auth)).body.enabled).toBe(false);
    },
  );

  test('"stop these alerts" in the app drops the alert SMS still waiting', async () => {
    const worker = await signedUpWorker(svc);
    await smsOn(svc, worker);
    svc.deps.clock.set(new Date('2026-11-26T21:30:00Z'));
    await svc.publish(topics.vacancy, mobaCreated().event);
    expect((await svc.client.put('/job-alerts/settings', { enabled: false }, worker.auth)).status).toBe(200);
    svc.deps.clock.set(new Date('2026-11-27T07:00:00Z'));
    await svc.service.sms.runOnce();
    expect(await smsTo(svc, worker.phone)).toEqual([]);
  });
});
