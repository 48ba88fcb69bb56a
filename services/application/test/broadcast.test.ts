import { BROADCASTS_PER_DAY } from '@moba/contracts';
import { eventually } from '@moba/platform/testing';
import { startApplication, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApplication();
});
afterAll(() => t.stop());

type Session = Awaited<ReturnType<TestApp['worker']>>;

/** An estate's moba of three days starting in `startIn` days, with `accepted` workers accepted and one pending. */
async function moba(options: { accepted?: number; startIn?: number; days?: number } = {}) {
  const estate = await t.estate();
  const startDate = t.daysAfterToday(options.startIn ?? 5);
  const endDate = t.daysAfterToday((options.startIn ?? 5) + (options.days ?? 3) - 1);
  const { vacancyId } = await t.vacancy({ estateId: estate.id, startDate, endDate });
  const admin = await t.admin();
  const workers: Session[] = [];
  const applicationIds: string[] = [];
  for (let i = 0; i < (options.accepted ?? 2); i++) {
    const worker = await t.worker({ fullName: `Radnik Broj ${i + 1}` });
    const applicationId = (await t.apply(worker, vacancyId)).body.id as string;
    expect(
      (await t.client.post(`/admin/applications/${applicationId}/accept`, undefined, admin.auth)).status,
    ).toBe(200);
    workers.push(worker);
    applicationIds.push(applicationId);
  }
  const pending = await t.worker();
  await t.apply(pending, vacancyId);
  return { estate, vacancyId, workers, applicationIds, pending, startDate, endDate };
}

const send = (estate: Session, vacancyId: string, body: unknown) =>
  t.client.post(`/estates/vacancies/${vacancyId}/broadcasts`, body, estate.auth);

const sentFor = (vacancyId: string) => t.eventsOf('BroadcastSent').filter((e) => e.key === vacancyId);

describe('an estate broadcast: validation', () => {
  test.each([
    [{ template: 'start-moved' }, 'value', 'required'],
    [{ template: 'start-moved', value: '25:00' }, 'value', 'invalid_time'],
    [{ template: 'bring', value: 'zovite 0641234567' }, 'value', 'phone_in_text'],
    [{ template: 'free', text: 'Platite 1000 dinara unapred' }, 'text', 'money_request'],
    [{ template: 'free' }, 'text', 'required'],
    [{ template: 'no-work' }, 'day', 'required'],
    [{ template: 'shout', text: 'x' }, 'template', 'invalid_option'],
  ])('%j answers 400 naming %s (%s) and sends nothing', async (body, field, code) => {
    const { estate, vacancyId } = await moba({ accepted: 1 });
    const res = await send(estate, vacancyId, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field, code })]),
    );
    expect(await t.store.broadcasts.count({ vacancyId })).toBe(0);
  });

  test('a day that is not a work day of the moba, or has passed, answers 400 NOT_A_WORK_DAY naming day', async () => {
    const { estate, vacancyId, endDate } = await moba({ accepted: 1, startIn: 0, days: 3 });
    const afterEnd = t.daysAfterToday(5);
    const outside = await send(estate, vacancyId, { template: 'start-moved', value: '09:00', day: afterEnd });
    expect(outside.status).toBe(400);
    expect(outside.body.error).toMatchObject({
      code: 'APPLICATION.NOT_A_WORK_DAY',
      details: [expect.objectContaining({ field: 'day' })],
    });
    const noWorkToday = await send(estate, vacancyId, { template: 'no-work', day: t.daysAfterToday(0) });
    expect(noWorkToday.status).toBe(400);
    expect(noWorkToday.body.error.code).toBe('APPLICATION.NOT_A_WORK_DAY');
    expect(await t.store.broadcasts.count({ vacancyId })).toBe(0);
    expect((await t.store.vacancies.findOne({ _id: vacancyId }))!.workDays).toBeUndefined();
    // the last day is a coming work day: fine
    expect((await send(estate, vacancyId, { template: 'no-work', day: endDate })).status).toBe(201);
  });

  test('a moba with nobody accepted answers 409 NO_RECIPIENTS', async () => {
    const { estate, vacancyId } = await moba({ accepted: 0 });
    const res = await send(estate, vacancyId, { template: 'start-moved', value: '09:00' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('APPLICATION.NO_RECIPIENTS');
  });
});

describe('an estate broadcast: recipients and BroadcastSent', () => {
  test('"start moved to 09:00" goes to everyone accepted (not the pending applicant), with their names', async () => {
    const { estate, vacancyId, workers, applicationIds, pending } = await moba({ accepted: 2 });
    const res = await send(estate, vacancyId, { template: 'start-moved', value: '09:00' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      vacancyId,
      template: 'start-moved',
      value: '09:00',
      day: null,
      recipients: 2,
    });
    const [event] = await eventually(
      async () => sentFor(vacancyId).length > 0 && sentFor(vacancyId),
      'BroadcastSent',
    );
    expect(event!.data).toMatchObject({
      broadcastId: res.body.id,
      vacancyId,
      estateId: estate.id,
      estateName: 'Imanje Sunce',
      title: 'Berba malina',
      template: 'start-moved',
      value: '09:00',
      day: null,
    });
    const recipients = (event!.data as { recipients: { workerId: string }[] }).recipients;
    expect(recipients).toEqual(
      workers.map((w, i) => ({
        workerId: w.id,
        applicationId: applicationIds[i],
        name: `Radnik Broj ${i + 1}`,
      })),
    );
    expect(recipients.map((r) => r.workerId)).not.toContain(pending.id);
  });

  test('a message for one work day goes to those whose placement covers it', async () => {
    const { estate, vacancyId, workers, startDate } = await moba({ accepted: 2 });
    const res = await send(estate, vacancyId, {
      template: 'bring',
      value: 'čizme i rukavice',
      day: startDate,
    });
    expect(res.status).toBe(201);
    const [event] = await eventually(
      async () => sentFor(vacancyId).length > 0 && sentFor(vacancyId),
      'BroadcastSent',
    );
    expect(event!.data).toMatchObject({ day: startDate, template: 'bring', value: 'čizme i rukavice' });
    expect(
      (event!.data as { recipients: { workerId: string }[] }).recipients.map((r) => r.workerId).sort(),
    ).toEqual(workers.map((w) => w.id).sort());
  });

  test("a crew's accepted member who joined the crew as a registered worker receives it too", async () => {
    const estate = await t.estate();
    const { vacancyId } = await t.vacancy({ estateId: estate.id });
    const member = await t.worker({ fullName: 'Član Zoran' });
    const phone = `+38164${String(Date.now()).slice(-7)}`;
    await t.profileUpdated(member.id, { groupLeader: false, groupSize: 0, phone, fullName: 'Član Zoran' });
    const leader = await t.worker({ groupLeader: true, fullName: 'Vođa Dragan' });
    const names = ['A', 'B', 'C', 'D'].map((n) => ({ name: `Član ${n}` }));
    const crew = await t.client.put(
      '/workers/me/crew',
      { members: [{ name: 'Zoran', phone }, ...names] },
      leader.auth,
    );
    expect(crew.status).toBe(200);
    const invitation = await eventually(
      async () => (await t.client.get('/workers/me/crew-invitations', member.auth)).body[0] ?? null,
      'the crew invitation',
    );
    await t.client.post(`/workers/me/crew-invitations/${invitation.id}/accept`, undefined, member.auth);
    const memberIds = (await t.client.get('/workers/me/crew', leader.auth)).body.members
      .slice(0, 2)
      .map((m: { id: string }) => m.id);
    const applied = await t.client.post('/applications/create', { vacancyId, memberIds }, leader.auth);
    expect(applied.status).toBe(201);
    const admin = await t.admin();
    await t.client.post(`/admin/applications/${applied.body.id}/accept`, undefined, admin.auth);

    expect(
      (await send(estate, vacancyId, { template: 'free', text: 'Sutra beremo na donjoj parceli.' })).status,
    ).toBe(201);
    const [event] = await eventually(
      async () => sentFor(vacancyId).length > 0 && sentFor(vacancyId),
      'BroadcastSent',
    );
    expect((event!.data as { recipients: unknown[] }).recipients).toEqual([
      { workerId: leader.id, applicationId: applied.body.id, name: 'Vođa Dragan' },
      { workerId: member.id, applicationId: applied.body.id, name: 'Član Zoran' },
    ]);
  });
});

describe('"no work" on a day', () => {
  test('moves the day to after the last one and publishes WorkDaysChanged with a rising version', async () => {
    const { estate, vacancyId, startDate, endDate } = await moba({ accepted: 1, startIn: 3, days: 3 });
    const middle = t.daysAfterToday(4);
    const first = await send(estate, vacancyId, { template: 'no-work', day: middle });
    expect(first.status).toBe(201);
    const after = t.daysAfterToday(6);
    expect(first.body).toMatchObject({ template: 'no-work', day: middle, movedTo: after });
    const replica = await t.store.vacancies.findOne({ _id: vacancyId });
    expect(replica).toMatchObject({ workDays: [startDate, endDate, after], workDaysVersion: 1 });

    const second = await send(estate, vacancyId, { template: 'no-work', day: startDate });
    expect(second.status).toBe(201);
    const changes = await eventually(async () => {
      const found = t.eventsOf('WorkDaysChanged').filter((e) => e.key === vacancyId);
      return found.length === 2 && found;
    }, 'two WorkDaysChanged');
    expect(changes.map((e) => e.data)).toEqual([
      {
        vacancyId,
        estateId: estate.id,
        days: [startDate, endDate, after],
        moved: { from: middle, to: after },
        version: 1,
      },
      {
        vacancyId,
        estateId: estate.id,
        days: [endDate, after, t.daysAfterToday(7)],
        moved: { from: startDate, to: t.daysAfterToday(7) },
        version: 2,
      },
    ]);
    const sent = await eventually(
      async () => sentFor(vacancyId).length === 2 && sentFor(vacancyId),
      'BroadcastSent',
    );
    expect(sent[0]!.data).toMatchObject({ template: 'no-work', day: middle, movedTo: after });
    // the moved day is no longer a work day
    const again = await send(estate, vacancyId, { template: 'no-work', day: middle });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('APPLICATION.NOT_A_WORK_DAY');
  });
});

describe('retries and limits', () => {
  test('a retried POST with the same broadcastId answers the first one and sends nothing twice', async () => {
    const { estate, vacancyId } = await moba({ accepted: 1 });
    const body = { broadcastId: crypto.randomUUID(), template: 'no-work', day: t.daysAfterToday(6) };
    const first = await send(estate, vacancyId, body);
    const retry = await send(estate, vacancyId, body);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(first.body.id).toBe(body.broadcastId);
    await eventually(async () => sentFor(vacancyId).length === 1, 'BroadcastSent');
    expect(await t.store.broadcasts.count({ vacancyId })).toBe(1);
    expect((await t.store.vacancies.findOne({ _id: vacancyId }))!.workDaysVersion).toBe(1);
    expect(await t.store.broadcastQuotas.findOne({ _id: `${vacancyId}:${today()}` })).toMatchObject({
      count: 1,
    });

    const other = await send(estate, vacancyId, { ...body, day: t.daysAfterToday(5) });
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({
      code: 'APPLICATION.BROADCAST_ID_REUSED',
      details: [expect.objectContaining({ field: 'broadcastId' })],
    });
    expect(t.eventsOf('WorkDaysChanged').filter((e) => e.key === vacancyId)).toHaveLength(1);
  });

  test(`the ${BROADCASTS_PER_DAY + 1}th broadcast of a moba in a day answers 429 BROADCAST_DAILY_LIMIT; the next day it goes`, async () => {
    const { estate, vacancyId } = await moba({ accepted: 1 });
    const results = await Promise.all(
      Array.from({ length: BROADCASTS_PER_DAY + 2 }, (_, i) =>
        send(estate, vacancyId, { template: 'free', text: `Poruka broj ${i + 1}` }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(BROADCASTS_PER_DAY);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual([429, 429]);
    expect(refused[0]!.body.error).toMatchObject({
      code: 'APPLICATION.BROADCAST_DAILY_LIMIT',
      details: [expect.objectContaining({ limit: BROADCASTS_PER_DAY })],
    });
    expect(await t.store.broadcasts.count({ vacancyId })).toBe(BROADCASTS_PER_DAY);
    t.deps.clock.advance(24 * 60 * 60 * 1000);
    expect((await send(estate, vacancyId, { template: 'free', text: 'Sutra opet' })).status).toBe(201);
  });
});

const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Belgrade' }).format(t.deps.clock.now());
