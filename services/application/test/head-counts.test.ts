import { testToken } from '@moba/platform/testing';
import type { Crew, DayRoster } from '@moba/contracts';
import { startApplication, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApplication();
});
afterAll(() => t.stop());

/**
 * One truth for head counts (issue #31): after a partial crew acceptance every answer that counts
 * people reads the accepted places: the worker's card, the estate's accepted list and roster, and the
 * free places of the moba.
 */
test('after accepting a leader and 2 of 4 picked members, every answer counts 3 heads and the same free places', async () => {
  const { vacancyId, estateId } = await t.vacancy({ positions: 5 });
  const leader = await t.worker({ groupLeader: true, groupSize: 6 });
  const saved = await t.client.put(
    '/workers/me/crew',
    { members: ['Dragan', 'Zoran', 'Petar', 'Marko', 'Ivan'].map((name) => ({ name })) },
    leader.auth,
  );
  const crew = saved.body as Crew;
  const memberIds = crew.members.slice(0, 4).map((m) => m.id);
  const applied = await t.client.post('/applications/create', { vacancyId, memberIds }, leader.auth);
  expect(applied.status).toBe(201);
  const applicationId = applied.body.id as string;
  const admin = await t.admin();
  const part = await t.client.post(
    `/admin/applications/${applicationId}/accept-part`,
    { memberIds: memberIds.slice(0, 2) },
    admin.auth,
  );
  expect(part.status).toBe(200);
  expect(part.body).toMatchObject({ positions: 3, freePositions: 2, totalPositions: 5 });

  // The leader's card: 3 places (so 2 people brought besides the leader), the moba's 2 free of 5.
  const mine = (await t.client.get('/workers/vacancies/my/active', leader.auth)).body as {
    id: string;
    freePositions: number;
    totalPositions: number;
    application: { positions: number; crew?: { name: string; accepted: boolean | null }[] };
  }[];
  const card = mine.find((v) => v.id === vacancyId)!;
  expect(card.application.positions).toBe(3);
  expect(card.application.crew!.filter((m) => m.accepted).map((m) => m.name)).toEqual(['Dragan', 'Zoran']);
  expect([card.freePositions, card.totalPositions]).toEqual([2, 5]);

  // The estate's accepted list says the leader brings 2, not the 4 picked; the roster has 3 heads.
  const owner = await testToken('Estate', { id: estateId });
  const approved = await t.client.get(`/estates/vacancies/${vacancyId}/applicants/approved`, owner.auth);
  expect(approved.body).toEqual([expect.objectContaining({ applicationId, positions: 3, groupSize: 2 })]);
  const roster = (await t.client.get(`/estates/vacancies/${vacancyId}/roster`, owner.auth)).body as DayRoster;
  expect(roster.heads).toBe(3);
  expect(roster.rows.map((r) => r.role)).toEqual(['Leader', 'Member', 'Member']);
  expect(roster.days.every((d) => d.heads === 3)).toBe(true);

  // The replica's places: 3 claimed, 2 free, the same numbers the acceptance answered.
  const vacancy = await t.store.vacancies.findOne({ _id: vacancyId });
  expect(vacancy!.claims[applicationId]).toBe(3);
  expect(vacancy!.freePositions).toBe(2);
});
