import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { topics } from '@moba/contracts';
import { productionRefusals, processMetrics } from '@moba/platform';
import { testToken } from '@moba/platform/testing';
import * as events from '../src/messaging/consumed-events';
import { loadNotificationConfig } from '../src/config';
import type { Sms, SmsSender } from '../src/sms/sms-sender';
import { startNotification, type StartedNotification } from './helpers';

/**
 * Issue #33: SMS cannot be pumped. Nothing goes to a phone until its owner texted START from it; sends
 * are capped per phone, per calling code and per day; a full budget is reported; a STOP is lifted only
 * from the phone; dev:// SMS are refused in production.
 */

let counter = 0;
const serbian = () =>
  `+38164${String(2_000_000 + counter++ * 7919 + Math.floor(Math.random() * 1000)).slice(0, 7)}`;
const bosnian = () =>
  `+38761${String(200_000 + counter++ * 997 + Math.floor(Math.random() * 100)).slice(0, 6)}`;

const quietJob = { SMS_JOB_INTERVAL_MS: '600000' };

function recordingSender(): SmsSender & { sent: Sms[] } {
  const sender = {
    sent: [] as Sms[],
    async send(sms: Sms) {
      sender.sent.push(sms);
      return { providerMessageId: randomUUID() };
    },
    async close() {},
  };
  return sender;
}

function recordingLogger() {
  const lines: { level: number; msg: string; budget?: string }[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    }),
  );
  return { logger, lines };
}

async function textFrom(svc: StartedNotification, phone: string, text: string) {
  return (await svc.client.post('/dev/sms/reply', { from: phone, text })).body;
}

async function worker(svc: StartedNotification, phone: string) {
  const user = await testToken('Worker');
  await svc.publish(
    topics.auth,
    events.UserRegistered.create(user.id, { userId: user.id, role: 'Worker', phone, language: 'sr' }),
  );
  return user;
}

async function guestApplies(svc: StartedNotification, phone: string) {
  const guestApplicationId = randomUUID();
  await svc.publish(
    topics.application,
    events.GuestApplicationSubmitted.create(guestApplicationId, { guestApplicationId, phone }),
  );
  return guestApplicationId;
}

/** A guest placed into a moba: one "accepted" SMS to the guest's phone each time. */
async function guestAccepted(svc: StartedNotification, guestApplicationId: string) {
  const vacancyId = randomUUID();
  await svc.publish(
    topics.application,
    events.GuestApplicationAccepted.create(guestApplicationId, {
      guestApplicationId,
      applicationId: randomUUID(),
      vacancyId,
    }),
  );
}

const outboxOf = (svc: StartedNotification, phone: string) =>
  svc.service.sms.context.sms.outbox.find({ phone }, { sort: { createdAt: 1 } });

const metric = async (name: string, budget: string) => {
  const found = (await processMetrics.getSingleMetric(name)?.get())?.values.find(
    (v) => v.labels.budget === budget,
  );
  return found?.value ?? 0;
};

describe('nothing goes to a phone its owner did not prove by texting START', () => {
  let svc: StartedNotification;
  let sender: ReturnType<typeof recordingSender>;
  beforeAll(async () => {
    sender = recordingSender();
    svc = await startNotification({ env: quietJob, smsSender: sender });
  });
  afterAll(() => svc.stop());

  test('a guest application sends nothing to the number typed into the form, and records why', async () => {
    const phone = serbian();
    await guestApplies(svc, phone);
    await svc.service.sms.runOnce();
    expect(sender.sent.filter((s) => s.to === phone)).toEqual([]);
    expect(await outboxOf(svc, phone)).toEqual([
      expect.objectContaining({
        kind: 'guestReceived',
        status: 'skipped',
        lastError: expect.stringMatching(/START/),
      }),
    ]);
  });

  test('START from the phone proves it: the held "application received" goes, and later messages too', async () => {
    const phone = serbian();
    const guestId = await guestApplies(svc, phone);
    expect(await textFrom(svc, phone, 'Start')).toEqual({ ok: true, stopped: false, started: true });
    await svc.service.sms.runOnce();
    expect(sender.sent.filter((s) => s.to === phone).map((s) => s.text)).toEqual([
      expect.stringContaining('primili smo vasu prijavu'),
    ]);
    await guestAccepted(svc, guestId);
    await svc.service.sms.runOnce();
    expect(sender.sent.filter((s) => s.to === phone)).toHaveLength(2);
  });

  test('a worker who switches SMS on for an unproven phone gets nothing, and the settings say why', async () => {
    const phone = serbian();
    const user = await worker(svc, phone);
    const settings = await svc.client.put('/sms/settings', { enabled: true }, user.auth);
    expect(settings.body).toMatchObject({ enabled: true, phone, phoneProven: false, stoppedByReply: false });
    const vacancyId = randomUUID();
    await svc.publish(
      topics.application,
      events.ApplicationAccepted.create(randomUUID(), {
        applicationId: randomUUID(),
        vacancyId,
        estateId: randomUUID(),
        workerId: user.id,
        guest: false,
        positions: 1,
        freePositions: 1,
        totalPositions: 2,
      }),
    );
    await svc.service.sms.runOnce();
    expect(sender.sent.filter((s) => s.to === phone)).toEqual([]);
  });

  test('turning SMS on in a profile does not undo the STOP its phone sent; only START from the phone does', async () => {
    const phone = serbian();
    const user = await worker(svc, phone);
    await textFrom(svc, phone, 'START');
    const guestId = await guestApplies(svc, phone);
    await svc.service.sms.runOnce();
    expect(sender.sent.filter((s) => s.to === phone)).toHaveLength(1);

    expect(await textFrom(svc, phone, 'STOP')).toEqual({ ok: true, stopped: true, started: false });
    const settings = await svc.client.put('/sms/settings', { enabled: true }, user.auth);
    expect(settings.body).toMatchObject({ enabled: false, stoppedByReply: true });
    await guestAccepted(svc, guestId);
    await svc.service.sms.runOnce();
    expect(sender.sent.filter((s) => s.to === phone)).toHaveLength(1);

    await textFrom(svc, phone, 'start');
    expect((await svc.client.get('/sms/settings', user.auth)).body).toMatchObject({
      enabled: true,
      stoppedByReply: false,
      phoneProven: true,
    });
    await guestAccepted(svc, guestId);
    await svc.service.sms.runOnce();
    expect(sender.sent.filter((s) => s.to === phone)).toHaveLength(2);
  });
});

describe('daily caps: per phone, per calling code, in all', () => {
  /** A proven guest who is placed `count` times: one SMS queued each time. */
  async function provenGuestWithMessages(svc: StartedNotification, phone: string, count: number) {
    await textFrom(svc, phone, 'START');
    const guestId = await guestApplies(svc, phone);
    for (let i = 1; i < count; i++) await guestAccepted(svc, guestId);
  }

  test('a phone gets at most SMS_PER_PHONE_DAY_MAX a day; the rest are refused with a record; the next day it may get more', async () => {
    const sender = recordingSender();
    const svc = await startNotification({
      env: { ...quietJob, SMS_PER_PHONE_DAY_MAX: '2', SMS_PER_PHONE_MAX: '100' },
      smsSender: sender,
    });
    svc.deps.clock.set(new Date('2026-12-01T10:00:00Z'));
    const phone = serbian();
    await provenGuestWithMessages(svc, phone, 3);
    await svc.service.sms.runOnce();
    expect(sender.sent).toHaveLength(2);
    const refused = (await outboxOf(svc, phone)).filter((m) => m.status === 'refused');
    expect(refused).toEqual([
      expect.objectContaining({ lastError: 'daily cap reached: 2 SMS a day to one phone' }),
    ]);

    svc.deps.clock.set(new Date('2026-12-02T10:00:00Z'));
    await provenGuestWithMessages(svc, phone, 1);
    await svc.service.sms.runOnce();
    expect(sender.sent).toHaveLength(3);
    await svc.stop();
  });

  test('a listed calling code has its own cap; unlisted codes share a much lower one; a full budget is an error line and a metric', async () => {
    const sender = recordingSender();
    const { logger, lines } = recordingLogger();
    const svc = await startNotification({
      env: {
        ...quietJob,
        SMS_PREFIX_DAY_CAPS: '+381=3',
        SMS_OTHER_PREFIXES_DAY_MAX: '1',
        SMS_PER_PHONE_MAX: '100',
      },
      smsSender: sender,
      deps: { logger },
    });
    const reachedBefore = await metric('moba_sms_budget_reached_total', '+381');
    const refusedBefore = await metric('moba_sms_refused_total', 'other');
    svc.deps.clock.set(new Date('2026-12-03T10:00:00Z'));
    const [rs1, rs2, ba1, ba2] = [serbian(), serbian(), bosnian(), bosnian()];
    await provenGuestWithMessages(svc, rs1, 2);
    await provenGuestWithMessages(svc, rs2, 2);
    await provenGuestWithMessages(svc, ba1, 1);
    await provenGuestWithMessages(svc, ba2, 1);
    await svc.service.sms.runOnce();

    expect(sender.sent.filter((s) => s.to.startsWith('+381'))).toHaveLength(3);
    expect(sender.sent.filter((s) => s.to.startsWith('+387'))).toHaveLength(1);
    const refusals = [
      ...(await outboxOf(svc, rs1)),
      ...(await outboxOf(svc, rs2)),
      ...(await outboxOf(svc, ba1)),
      ...(await outboxOf(svc, ba2)),
    ]
      .filter((m) => m.status === 'refused')
      .map((m) => m.lastError)
      .sort();
    expect(refusals).toEqual([
      'daily cap reached: 1 SMS a day to unlisted calling codes',
      'daily cap reached: 3 SMS a day to +381',
    ]);
    const errors = lines.filter((l) => l.level === 50).map((l) => l.msg);
    expect(errors).toEqual(
      expect.arrayContaining([
        'SMS budget reached: 3 SMS a day to +381; more are refused today',
        'SMS budget reached: 1 SMS a day to unlisted calling codes; more are refused today',
      ]),
    );
    expect(errors).toHaveLength(2); // once a budget, however many are refused
    expect(await metric('moba_sms_budget_reached_total', '+381')).toBe(reachedBefore + 1);
    expect(await metric('moba_sms_refused_total', 'other')).toBe(refusedBefore + 1);
    await svc.stop();
  });

  test('the whole day has a budget too (SMS_DAY_MAX)', async () => {
    const sender = recordingSender();
    const { logger, lines } = recordingLogger();
    const svc = await startNotification({
      env: { ...quietJob, SMS_DAY_MAX: '2', SMS_PER_PHONE_MAX: '100' },
      smsSender: sender,
      deps: { logger },
    });
    svc.deps.clock.set(new Date('2026-12-04T10:00:00Z'));
    for (const phone of [serbian(), serbian(), serbian()]) await provenGuestWithMessages(svc, phone, 1);
    await svc.service.sms.runOnce();
    expect(sender.sent).toHaveLength(2);
    expect(lines.filter((l) => l.level === 50).map((l) => l.msg)).toEqual([
      'SMS budget reached: 2 SMS a day in all; more are refused today',
    ]);
    await svc.stop();
  });

  test('a bad cap list stops the start naming the variable', () => {
    expect(() => loadNotificationConfig({ SMS_PREFIX_DAY_CAPS: '381:2000' })).toThrow(/SMS_PREFIX_DAY_CAPS/);
    expect(loadNotificationConfig({ SMS_PREFIX_DAY_CAPS: '+381=10, +387=2' }).SMS_PREFIX_DAY_CAPS).toEqual({
      '+381': 10,
      '+387': 2,
    });
  });
});

test('SMS_URL=dev:// is refused in production unless SMS_DEV_IN_PRODUCTION=true says it is a demo', () => {
  const production = {
    NODE_ENV: 'production',
    MAIL_URL: 'smtp://mail:25',
    STORE_URL: 'mongodb://mongo/moba',
  };
  const refusals = (env: Record<string, string>) =>
    productionRefusals(loadNotificationConfig({ ...production, ...env })).map((r) => r.split(':')[0]);
  expect(refusals({})).toEqual(['EVENT_BUS_URL', 'SMS_URL']);
  expect(refusals({ SMS_DEV_IN_PRODUCTION: 'true' })).toEqual(['EVENT_BUS_URL']);
  expect(refusals({ SMS_URL: 'infobip://key@x.api.infobip.com?sender=Moba' })).toEqual(['EVENT_BUS_URL']);
  expect(productionRefusals(loadNotificationConfig({ SMS_URL: 'dev://' }))).toEqual([]);
});
