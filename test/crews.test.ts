import { eventually } from '@moba/platform/testing';
import { notificationKeys } from '@moba/contracts';
import {
  loginAdmin,
  mobaBody,
  notificationOf,
  productForFile,
  registeredUser,
  uniquePhone,
} from './support/product';

/**
 * Crews across services, through the gateway only (issue #20): a leader's crew with a registered
 * member who accepted the leader's invitation (issue #33), part of it accepted (the leader told who
 * was and who was not), the estate's roster and attendance, and the attendance in the "came and
 * stayed" figures and the admin's head count. A member who never accepted is nobody's figure.
 */
const { api } = productForFile();
type Figure = { jobs: number; kept: number };
const figureOf = async (auth: Record<string, string>) =>
  (await api().get('/api/users/me/ratings', auth)).body.promises as Figure;
type CrewAnswer = { status: number; body: { members: { id: string; link: string | null }[] } };

/**
 * Saves a new leader's crew once the application service knows them as a leader (sign-up reaches it
 * by event). A try every 250 ms: the crew limiter counts every try of this client, and spent in a
 * slow minute its allowance would refuse the rest of the window.
 */
async function crewSaved(leader: { auth: Record<string, string> }, members: object[]) {
  let last: CrewAnswer | undefined;
  try {
    return await eventually(async () => {
      last = (await api().put('/api/workers/me/crew', { members }, leader.auth)) as CrewAnswer;
      if (last.status === 200) return last;
      await new Promise((r) => setTimeout(r, 250));
      return null;
    }, 'the leader saves the crew');
  } catch (error) {
    throw new Error(`${(error as Error).message}; last answer ${last?.status} ${JSON.stringify(last?.body)}`);
  }
}

test('part of a crew is accepted, the leader hears who; attendance reaches the came-and-stayed figures', async () => {
  const admin = await loginAdmin(api());
  const estate = await registeredUser(api(), 'estate');
  const leader = await registeredUser(api(), 'worker', { groupLeader: true, groupSize: 8 });
  const member = await registeredUser(api(), 'worker');
  const moba = await api().post(
    '/api/estates/vacancies/create',
    await mobaBody(api(), {}, 0, 3),
    estate.auth,
  );
  expect(moba.status).toBe(201);
  const vacancyId = moba.body.id as string;
  const headsBefore = (await api().get('/api/admin/stats', admin.auth)).body.acceptedHeads as number;

  const members = [
    { name: 'Registrovana Članica', phone: member.phone },
    { name: 'Bora Borić' },
    { name: 'Cvijeta Cvetić' },
    { name: 'Dara Darić' },
    { name: 'Đura Đurić' },
  ];
  const crew = (await crewSaved(leader, members)).body;
  expect(crew.members[0]).not.toHaveProperty('workerId');
  expect(crew.members[0].link).toBe('invited');
  // The registered member is asked (a notification) and joins by accepting.
  const invited = await notificationOf(api(), member.auth, notificationKeys.crewInvitation, {
    leaderName: `${leader.firstName} ${leader.lastName}`,
    memberName: 'Registrovana Članica',
  });
  const invitationId = invited.content.params.invitationId as string;
  const stranger = await registeredUser(api(), 'worker');
  for (const someoneElse of [leader, stranger, estate, admin])
    expect(
      (await api().post(`/api/workers/me/crew-invitations/${invitationId}/accept`, {}, someoneElse.auth))
        .status,
    ).toBeGreaterThanOrEqual(403);
  const joined = await api().post(`/api/workers/me/crew-invitations/${invitationId}/accept`, {}, member.auth);
  expect(joined.body).toEqual({ id: invitationId, state: 'joined' });
  expect((await api().get('/api/workers/me/crew', leader.auth)).body.members[0].link).toBe('joined');
  const picked = crew.members.slice(0, 3).map((m) => m.id);
  const applied = await eventually(async () => {
    const res = await api().post('/api/applications/create', { vacancyId, memberIds: picked }, leader.auth);
    return res.status === 201 ? res : null;
  }, 'the leader applies with three members');
  expect(applied.body.positions).toBe(4);

  const part = await api().post(
    `/api/admin/applications/${applied.body.id}/accept-part`,
    { memberIds: picked.slice(0, 1) },
    admin.auth,
  );
  expect(part.body).toMatchObject({ positions: 2, acceptedMemberIds: picked.slice(0, 1) });
  await notificationOf(api(), leader.auth, notificationKeys.crewAccepted, {
    accepted: 'Registrovana Članica',
    notAccepted: 'Bora Borić, Cvijeta Cvetić',
    acceptedCount: 1,
    notAcceptedCount: 2,
  });
  await eventually(
    async () => (await api().get('/api/admin/stats', admin.auth)).body.acceptedHeads === headsBefore + 2,
    'the stats count two more heads',
  );

  const roster = await api().get(`/api/estates/vacancies/${vacancyId}/roster`, estate.auth);
  expect(roster.body).toMatchObject({ started: true, heads: 2 });
  expect(roster.body.people.map((p: { name: string; phone: string | null }) => [p.name, p.phone])).toEqual([
    [`${leader.firstName} ${leader.lastName}`, leader.phone],
    ['Registrovana Članica', null],
  ]);
  const marked = await api().post(
    `/api/estates/vacancies/${vacancyId}/attendance`,
    {
      marks: [
        { personId: applied.body.id, attendance: 'Came' },
        { personId: picked[0], attendance: 'DidNotCome' },
      ],
    },
    estate.auth,
  );
  expect(marked.body.came).toBe(1);

  await eventually(
    async () => {
      const [ofLeader, ofMember] = [await figureOf(leader.auth), await figureOf(member.auth)];
      return ofLeader.jobs === 1 && ofLeader.kept === 1 && ofMember.jobs === 1 && ofMember.kept === 0;
    },
    'came and stayed: the leader kept it, the member who did not come did not',
    10_000,
  );
});

test('a registered phone a leader lists is invited like any other, and without consent its attendance is nobody’s', async () => {
  const estate = await registeredUser(api(), 'estate');
  const member = await registeredUser(api(), 'worker');
  const leaderOf = async (phone: string) => {
    const leader = await registeredUser(api(), 'worker', { groupLeader: true, groupSize: 8 });
    const members = [
      { name: 'Član Sa Brojem', phone },
      ...['Ana', 'Bora', 'Cica', 'Deki'].map((name) => ({ name })),
    ];
    const saved = await crewSaved(leader, members);
    return { leader, saved };
  };
  const withRegistered = await leaderOf(member.phone);
  const withUnregistered = await leaderOf(uniquePhone());
  const shape = (res: { body: { members: Record<string, unknown>[] } }) =>
    res.body.members.map(({ id: _id, phone: _phone, ...rest }) => rest);
  expect(shape(withRegistered.saved)).toEqual(shape(withUnregistered.saved));
  await notificationOf(api(), member.auth, notificationKeys.crewInvitation, { memberName: 'Član Sa Brojem' });
  expect(shape(await api().get('/api/workers/me/crew', withRegistered.leader.auth))).toEqual(
    shape(await api().get('/api/workers/me/crew', withUnregistered.leader.auth)),
  );

  // The leader applies with the member who never accepted; the estate marks them as not come.
  const { leader } = withRegistered;
  const moba = await api().post(
    '/api/estates/vacancies/create',
    await mobaBody(api(), {}, 0, 3),
    estate.auth,
  );
  const memberId = withRegistered.saved.body.members[0].id as string;
  const applied = await eventually(async () => {
    const res = await api().post(
      '/api/applications/create',
      { vacancyId: moba.body.id, memberIds: [memberId] },
      leader.auth,
    );
    return res.status === 201 ? res : null;
  }, 'the leader applies with the member');
  const admin = await loginAdmin(api());
  await api().post(`/api/admin/applications/${applied.body.id}/accept`, {}, admin.auth);
  const marked = await api().post(
    `/api/estates/vacancies/${moba.body.id}/attendance`,
    {
      // The member first: a record for them would be published before the leader's.
      marks: [
        { personId: memberId, attendance: 'DidNotCome' },
        { personId: applied.body.id, attendance: 'Came' },
      ],
    },
    estate.auth,
  );
  expect(marked.status).toBe(200);
  // The leader's figure moves (the same events carry the member's, if any): then the member's has not.
  await eventually(
    async () => (await figureOf(leader.auth)).jobs === 1,
    'the leader’s figure counts the job',
  );
  expect(await figureOf(member.auth)).toMatchObject({ jobs: 0, kept: 0 });
});
