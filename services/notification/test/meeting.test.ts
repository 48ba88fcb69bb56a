import { randomUUID } from 'node:crypto';
import { topics } from '@moba/contracts';
import { eventually, testToken } from '@moba/platform/testing';
import * as events from '../src/messaging/consumed-events';
import { smsLength } from '../src/sms/gsm7';
import { CYRILLIC_SMS_PARTS, smsText } from '../src/sms/sms-messages';
import type { DevSmsDoc } from '../src/sms/dev-sms';
import { applicationAccepted, startNotification, type StartedNotification } from './helpers';

const meeting = {
  point: 'Ispred zadruge u Arilju',
  time: '06:30',
  contactName: 'Predrag',
  contactPhone: '064 555 1234',
};

describe('the acceptance SMS carries the meeting details', () => {
  const facts = { title: 'Berba malina', startDate: '2026-12-24', meeting };

  test('in Serbian: one GSM-7 part with the point, the first day and its time, the contact', () => {
    const text = smsText('accepted', facts, 'sr');
    expect(text).toBe(
      'Moba: prihvaceni ste za "Berba malina". Okupljanje 24.12. u 06:30: Ispred zadruge u Arilju. Kontakt: Predrag 0645551234. Odjava: STOP',
    );
    expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7', parts: 1 });
  });

  test('in English: one GSM-7 part', () => {
    const text = smsText('accepted', facts, 'en');
    expect(text).toContain('Meet 24 Dec at 06:30: Ispred zadruge u Arilju. Contact: Predrag 0645551234.');
    expect(smsLength(text)).toMatchObject({ encoding: 'GSM-7', parts: 1 });
  });

  test('long texts are shortened (title first, then the point, then the name); the time and phone never', () => {
    const long = {
      title: 'Berba šljiva i jabuka u voćnjaku porodice Đorđević kod Čačka, Žiča 2026',
      startDate: '2026-12-24',
      meeting: {
        point: 'Kod velike crkve na raskrsnici puteva za Čačak i Kraljevo, pored pumpe i prodavnice',
        time: '05:45',
        contactName: 'Dragoljub Milosavljević Đorđević',
        contactPhone: '+381 64 555 1234',
      },
    };
    for (const language of ['sr', 'en', 'sr-Cyrl'] as const) {
      const text = smsText('accepted', long, language);
      const length = smsLength(text);
      if (language === 'sr-Cyrl') {
        expect(length.encoding).toBe('UCS-2');
        expect(length.parts).toBeLessThanOrEqual(CYRILLIC_SMS_PARTS);
      } else expect(length).toMatchObject({ encoding: 'GSM-7', parts: 1 });
      expect(text).toContain('05:45');
      expect(text).toContain('+381645551234');
      expect(text).toMatch(/STOP|СТОП/);
      expect(text).not.toContain('....');
    }
    expect(smsText('accepted', long, 'sr')).not.toContain('Berba');
  });
});

describe('meeting details in the acceptance notification and SMS', () => {
  let svc: StartedNotification;
  beforeAll(async () => {
    svc = await startNotification({ env: { SMS_JOB_INTERVAL_MS: '600000' } });
  });
  afterAll(() => svc.stop());

  let phoneCounter = 0;
  async function smsWorker() {
    const phone = `+38165${String(1_000_000 + Math.floor(Math.random() * 8_000_000) + phoneCounter++).slice(0, 7)}`;
    const worker = await testToken('Worker');
    await svc.publish(
      topics.auth,
      events.UserRegistered.create(worker.id, { userId: worker.id, role: 'Worker', phone, language: 'sr' }),
    );
    await svc.client.post('/dev/sms/reply', { from: phone, text: 'START' });
    expect((await svc.client.put('/sms/settings', { enabled: true }, worker.auth)).status).toBe(200);
    return { ...worker, phone };
  }

  async function moba(withMeeting: boolean) {
    const estate = await testToken('Estate');
    const vacancyId = randomUUID();
    const v = { vacancyId, estateId: estate.id };
    await svc.publish(
      topics.vacancy,
      events.VacancyCreated.create(vacancyId, { ...v, title: 'Berba malina', startDate: '2026-12-24' }),
    );
    const set = (value: typeof meeting | null, setAt: string, timeByDay: Record<string, string> = {}) =>
      svc.publish(
        topics.vacancy,
        events.VacancyDayOfWorkSet.create(vacancyId, {
          ...v,
          meeting: value && { ...value, timeByDay },
          setAt,
        }),
      );
    if (withMeeting) {
      await set({ ...meeting, point: 'Stara adresa' }, '2026-11-20T10:00:00.000Z');
      await set(meeting, '2026-11-21T10:00:00.000Z', { '2026-12-24': '07:10' });
      // An older value arriving late changes nothing.
      await set(null, '2026-11-19T10:00:00.000Z');
    }
    return { estate, ...v };
  }

  const accept = (m: { vacancyId: string; estateId: string }, workerId: string) =>
    svc.publish(
      topics.application,
      applicationAccepted(m, workerId, { freePositions: 3, totalPositions: 4 }),
    );
  const notificationsOf = async (auth: Record<string, string>) =>
    (await svc.client.get('/notifications/all', auth)).body as {
      content: { key: string; params: Record<string, unknown> };
    }[];

  test('only the accepted worker’s notification and SMS carry them; the estate’s notification does not', async () => {
    const m = await moba(true);
    const worker = await smsWorker();
    await accept(m, worker.id);
    const [mine] = await notificationsOf(worker.auth);
    expect(mine!.content).toEqual({
      key: 'notification.applicationAcceptedMeeting',
      params: expect.objectContaining({
        vacancyTitle: 'Berba malina',
        meetingPoint: 'Ispred zadruge u Arilju',
        meetingTime: '07:10',
        contactName: 'Predrag',
        contactPhone: '064 555 1234',
      }),
    });
    const [estates] = await notificationsOf(m.estate.auth);
    expect(estates!.content.key).toBe('notification.workerAccepted');
    const estateText = JSON.stringify(estates);
    for (const secret of ['zadruge', 'Predrag', '555']) expect(estateText).not.toContain(secret);

    await svc.service.sms.runOnce();
    const [sms] = await eventually(async () => {
      const list = (await svc.client.get(`/dev/sms.json?to=${encodeURIComponent(worker.phone)}`))
        .body as DevSmsDoc[];
      return list.length > 0 && list;
    }, 'the acceptance SMS');
    expect(sms!.text).toContain(
      'Okupljanje 24.12. u 07:10: Ispred zadruge u Arilju. Kontakt: Predrag 0645551234',
    );
  });

  test('a crew leader’s notification carries them too', async () => {
    const m = await moba(true);
    const leader = await testToken('Worker');
    await svc.publish(
      topics.application,
      applicationAccepted(m, leader.id, {
        positions: 3,
        crew: { accepted: [{ name: 'Ana' }, { name: 'Boris' }], notAccepted: [] },
      }),
    );
    const [mine] = await notificationsOf(leader.auth);
    expect(mine!.content.key).toBe('notification.crewAcceptedMeeting');
    expect(mine!.content.params).toMatchObject({
      accepted: 'Ana, Boris',
      meetingPoint: 'Ispred zadruge u Arilju',
    });
  });

  test('without meeting details the acceptance stays as it was', async () => {
    const m = await moba(false);
    const worker = await smsWorker();
    await accept(m, worker.id);
    const [mine] = await notificationsOf(worker.auth);
    expect(mine!.content.key).toBe('notification.applicationAccepted');
    expect(mine!.content.params).not.toHaveProperty('meetingPoint');
  });
});
