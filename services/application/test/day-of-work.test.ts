import { topics, VacancyDayOfWorkSet } from '@moba/contracts';
import { eventually } from '@moba/platform/testing';
import { startApplication, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApplication();
});
afterAll(() => t.stop());

const meeting = (overrides: Record<string, unknown> = {}) => ({
  point: 'Ispred zadruge u Arilju',
  time: '06:30',
  timeByDay: {},
  contactName: 'Predrag',
  contactPhone: '064 555 1234',
  contactPhoneCountry: 'RS' as const,
  ...overrides,
});
const confirmation = { askAt: '18:00', deadlineAt: '21:00', unanswered: 'flag' as const };

/** The vacancy service's VacancyDayOfWorkSet, as it would publish it. */
const daySet = (
  vacancyId: string,
  estateId: string,
  setAt: string,
  value: { meeting?: Record<string, unknown> | null; confirmation?: typeof confirmation } = {},
) =>
  t.publish(
    topics.vacancy,
    VacancyDayOfWorkSet.create(vacancyId, {
      vacancyId,
      estateId,
      meeting: (value.meeting === undefined ? meeting() : value.meeting) as never,
      confirmation: value.confirmation ?? confirmation,
      setAt,
    }),
  );

const read = (vacancyId: string, session: { auth: Record<string, string> }) =>
  t.client.get(`/mobas/${vacancyId}/day-of-work`, session.auth);

const accept = async (applicationId: string) =>
  expect(
    (await t.client.post(`/admin/applications/${applicationId}/accept`, undefined, (await t.admin()).auth))
      .status,
  ).toBe(200);

/** A moba with meeting details (a pin, one day of its own) and its estate. */
async function mobaWithMeeting() {
  const estate = await t.estate();
  const startDate = t.daysAfterToday(10);
  const { vacancyId } = await t.vacancy({ estateId: estate.id, startDate, endDate: t.daysAfterToday(12) });
  await daySet(vacancyId, estate.id, new Date().toISOString(), {
    meeting: meeting({ pin: { lat: 43.75, lng: 20.1 }, timeByDay: { [t.daysAfterToday(11)]: '08:00' } }),
  });
  return { estate, vacancyId };
}

let phoneSeq = 0;
/** A worker with a fresh phone a leader's crew can list (they join by accepting the invitation). */
async function joinedMember() {
  phoneSeq += 1;
  const phone = `+38162${String(Date.now() % 100_000).padStart(5, '0')}${String(phoneSeq % 100).padStart(2, '0')}`;
  const member = await t.worker();
  await t.profileUpdated(member.id, { groupLeader: false, groupSize: 0, phone });
  return { member, phone };
}
async function crewOn(vacancyId: string) {
  const leader = await t.worker({ groupLeader: true, fullName: 'Vođa Ekipe' });
  const a = await joinedMember();
  const b = await joinedMember();
  const saved = await t.client.put(
    '/workers/me/crew',
    {
      members: [
        { name: 'Ana', phone: a.phone },
        { name: 'Boris', phone: b.phone },
        ...['Ceca', 'Dule', 'Eva'].map((name) => ({ name })),
      ],
    },
    leader.auth,
  );
  expect(saved.status).toBe(200);
  for (const { member } of [a, b]) {
    const invitation = await eventually(
      async () => (await t.client.get('/workers/me/crew-invitations', member.auth)).body[0] ?? null,
      'the crew invitation',
    );
    expect(
      (await t.client.post(`/workers/me/crew-invitations/${invitation.id}/accept`, undefined, member.auth))
        .status,
    ).toBe(200);
  }
  const memberIds = (saved.body.members as { id: string }[]).slice(0, 3).map((m) => m.id);
  const applied = await t.client.post('/applications/create', { vacancyId, memberIds }, leader.auth);
  expect(applied.status).toBe(201);
  return { leader, a: a.member, b: b.member, memberIds, applicationId: applied.body.id as string };
}

describe('the vacancy replica keeps the latest day of work', () => {
  it('by setAt: an older value arriving late changes nothing; a redelivery neither', async () => {
    const estate = await t.estate();
    const { vacancyId } = await t.vacancy({ estateId: estate.id });
    await daySet(vacancyId, estate.id, '2026-11-26T08:00:00.000Z', { meeting: meeting({ time: '07:00' }) });
    await daySet(vacancyId, estate.id, '2026-11-26T07:00:00.000Z', { meeting: meeting({ time: '05:00' }) });
    const newer = await daySet(vacancyId, estate.id, '2026-11-26T09:00:00.000Z', { meeting: null });
    await t.publish(topics.vacancy, newer);
    const doc = await t.store.vacancies.findOne({ _id: vacancyId });
    expect(doc!.dayOfWork).toEqual({ meeting: null, confirmation, setAt: '2026-11-26T09:00:00.000Z' });
  });
});

describe('GET /mobas/:id/day-of-work answers only the moba’s own people', () => {
  it('an accepted worker gets the meeting, the map link, the time of each work day and their placement', async () => {
    const { vacancyId } = await mobaWithMeeting();
    const worker = await t.worker();
    const applicationId = (await t.apply(worker, vacancyId)).body.id as string;
    await accept(applicationId);
    const res = await read(vacancyId, worker);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      vacancyId,
      viewer: 'worker',
      meeting: {
        point: 'Ispred zadruge u Arilju',
        contactName: 'Predrag',
        contactPhone: '064 555 1234',
        mapLink: expect.stringContaining('mlat=43.750000&mlon=20.100000'),
      },
      days: [
        { day: t.daysAfterToday(10), time: '06:30' },
        { day: t.daysAfterToday(11), time: '08:00' },
        { day: t.daysAfterToday(12), time: '06:30' },
      ],
      confirmation,
      placement: { applicationId, as: 'applicant', heads: 1 },
    });
  });

  it('a leader with a head count sees the heads accepted (the people they bring and themselves)', async () => {
    const { vacancyId } = await mobaWithMeeting();
    const leader = await t.worker({ groupLeader: true, groupSize: 5 });
    const applicationId = (await t.apply(leader, vacancyId, 4)).body.id as string;
    await accept(applicationId);
    expect((await read(vacancyId, leader)).body.placement).toEqual({
      applicationId,
      as: 'applicant',
      heads: 5,
    });
  });

  it('a pending, a rejected applicant and another worker get 403 NOT_ON_MOBA with nothing of the meeting', async () => {
    const { vacancyId } = await mobaWithMeeting();
    const pending = await t.worker();
    await t.apply(pending, vacancyId);
    const rejected = await t.worker();
    const rejectedId = (await t.apply(rejected, vacancyId)).body.id as string;
    expect(
      (await t.client.post(`/admin/applications/${rejectedId}/reject`, undefined, (await t.admin()).auth))
        .status,
    ).toBe(200);
    const anotherWorker = await t.worker();
    for (const who of [pending, rejected, anotherWorker]) {
      const res = await read(vacancyId, who);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('APPLICATION.NOT_ON_MOBA');
      expect(JSON.stringify(res.body)).not.toContain('zadruge');
    }
  });

  it("the moba's estate and admins read it; another estate gets 403", async () => {
    const { estate, vacancyId } = await mobaWithMeeting();
    const own = await read(vacancyId, estate);
    expect(own.status).toBe(200);
    expect(own.body.viewer).toBe('estate');
    expect(own.body).not.toHaveProperty('placement');
    expect((await read(vacancyId, await t.admin())).body.viewer).toBe('admin');
    const anotherEstate = await read(vacancyId, await t.estate());
    expect(anotherEstate.status).toBe(403);
    expect(anotherEstate.body.error.code).toBe('APPLICATION.NOT_ON_MOBA');
  });

  it('a crew: the leader and each joined member accepted read it; a joined member not accepted does not', async () => {
    const { vacancyId } = await mobaWithMeeting();
    const crew = await crewOn(vacancyId);
    // Pending: nobody of the crew reads it yet.
    for (const who of [crew.leader, crew.a, crew.b]) expect((await read(vacancyId, who)).status).toBe(403);
    // The admin accepts Ana and Ceca, not Boris.
    const part = await t.client.post(
      `/admin/applications/${crew.applicationId}/accept-part`,
      { memberIds: [crew.memberIds[0], crew.memberIds[2]] },
      (await t.admin()).auth,
    );
    expect(part.status).toBe(200);
    expect((await read(vacancyId, crew.leader)).body.placement).toMatchObject({ as: 'applicant' });
    const member = await read(vacancyId, crew.a);
    expect(member.status).toBe(200);
    expect(member.body.placement).toEqual({
      applicationId: crew.applicationId,
      as: 'member',
      heads: 1,
      leaderName: 'Vođa Ekipe',
    });
    const notAccepted = await read(vacancyId, crew.b);
    expect(notAccepted.status).toBe(403);
    expect(notAccepted.body.error.code).toBe('APPLICATION.NOT_ON_MOBA');
  });

  it('before the estate gives meeting details: meeting null, no days, the default confirmation', async () => {
    const estate = await t.estate();
    const { vacancyId } = await t.vacancy({ estateId: estate.id });
    const res = await read(vacancyId, estate);
    expect(res.body).toMatchObject({ meeting: null, days: [], confirmation });
  });

  it('a missing or deleted moba answers 404; a bad id 400', async () => {
    const { estate, vacancyId } = await mobaWithMeeting();
    await t.deleted(vacancyId);
    expect((await read(vacancyId, estate)).status).toBe(404);
    expect((await read(crypto.randomUUID(), estate)).status).toBe(404);
    expect((await t.client.get('/mobas/abc/day-of-work', estate.auth)).status).toBe(400);
  });
});
