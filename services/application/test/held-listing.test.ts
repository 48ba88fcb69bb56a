import { randomUUID } from 'node:crypto';
import type { Crew } from '@moba/contracts';
import { topics } from '@moba/contracts';
import { startApplication, guestBody, type TestApp } from './helpers';
import { VacancyReviewChanged } from '../src/messaging/foreign-events';

/**
 * A moba held for review (held at creation, hidden by reports) takes no workers: applying and every
 * way of accepting are refused with APPLICATION.VACANCY_HELD and take no places; once an admin keeps
 * it (approved), it takes applications and acceptances again.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startApplication();
});
afterAll(() => t.stop());

const HELD = 'APPLICATION.VACANCY_HELD';
const free = async (vacancyId: string) =>
  (await t.store.vacancies.findOne({ _id: vacancyId }))!.freePositions;

async function pending(vacancyId: string) {
  const res = await t.apply(await t.worker(), vacancyId);
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe('a held listing takes no workers', () => {
  test('a hidden moba refuses applications with the coded reason; kept again, it takes them', async () => {
    const { vacancyId } = await t.vacancy({ positions: 5 });
    await t.reviewChanged(vacancyId, 'hidden');
    const worker = await t.worker();
    const refused = await t.apply(worker, vacancyId);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe(HELD);
    expect(await t.store.applications.count({ vacancyId })).toBe(0);

    await t.reviewChanged(vacancyId, 'approved');
    expect((await t.apply(worker, vacancyId)).status).toBe(201);
  });

  test('a single acceptance is refused while held and takes no places; after approval it goes through', async () => {
    const { vacancyId } = await t.vacancy({ positions: 5 });
    const id = await pending(vacancyId);
    await t.reviewChanged(vacancyId, 'hidden');
    const admin = await t.admin();
    const refused = await t.client.post(`/admin/applications/${id}/accept`, {}, admin.auth);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe(HELD);
    expect(await free(vacancyId)).toBe(5);
    expect((await t.store.applications.findOne({ _id: id }))!.status).toBe('Pending');

    await t.reviewChanged(vacancyId, 'approved');
    const accepted = await t.client.post(`/admin/applications/${id}/accept`, {}, admin.auth);
    expect(accepted.status).toBe(200);
    expect(accepted.body.freePositions).toBe(4);
  });

  test('accepting part of a crew is refused while held', async () => {
    const { vacancyId } = await t.vacancy({ positions: 10 });
    const leader = await t.worker({ groupLeader: true, groupSize: 10 });
    const members = Array.from({ length: 5 }, (_, i) => ({ name: `Član ${i + 1}` }));
    const crew = (await t.client.put('/workers/me/crew', { members }, leader.auth)).body as Crew;
    const memberIds = crew.members.map((m) => m.id);
    const applied = await t.client.post('/applications/create', { vacancyId, memberIds }, leader.auth);
    expect(applied.status).toBe(201);
    await t.reviewChanged(vacancyId, 'hidden');
    const part = await t.client.post(
      `/admin/applications/${applied.body.id}/accept-part`,
      { memberIds: memberIds.slice(0, 2) },
      (await t.admin()).auth,
    );
    expect(part.status).toBe(409);
    expect(part.body.error.code).toBe(HELD);
    expect(await free(vacancyId)).toBe(10);
  });

  test('a bulk acceptance refuses each item of a held moba with the code', async () => {
    const { vacancyId } = await t.vacancy({ positions: 5 });
    const ids = [await pending(vacancyId), await pending(vacancyId)];
    await t.reviewChanged(vacancyId, 'hidden');
    const res = await t.client.post(
      '/admin/applications/decisions',
      { batchId: randomUUID(), decision: 'accept', applicationIds: ids },
      (await t.admin()).auth,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accepted: 0, refused: 2 });
    expect(res.body.items.map((i: { code: string }) => i.code)).toEqual([HELD, HELD]);
    expect(await free(vacancyId)).toBe(5);
  });

  test('a guest cannot be placed into a held moba, and no placement is left behind', async () => {
    const { vacancyId } = await t.vacancy({ positions: 5 });
    const guestId = (await t.client.post('/signup-guest', guestBody())).body.id as string;
    await t.reviewChanged(vacancyId, 'held');
    const admin = await t.admin();
    const place = () =>
      t.client.post(`/admin/applications/guest/${guestId}/accept`, { vacancyId }, admin.auth);
    const refused = await place();
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe(HELD);
    expect(await t.store.applications.count({ vacancyId })).toBe(0);

    await t.reviewChanged(vacancyId, 'approved');
    expect((await place()).status).toBe(200);
    expect(await free(vacancyId)).toBe(4);
  });

  test("a held moba is not offered among a guest's matches until it is kept", async () => {
    const { vacancyId } = await t.vacancy({ positions: 5 });
    const guestId = (await t.client.post('/signup-guest', guestBody())).body.id as string;
    const admin = await t.admin();
    const offered = async () =>
      (
        (await t.client.get(`/admin/applications/guest/${guestId}/matches`, admin.auth)).body as {
          id: string;
        }[]
      ).some((match) => match.id === vacancyId);
    expect(await offered()).toBe(true);
    await t.reviewChanged(vacancyId, 'hidden');
    expect(await offered()).toBe(false);
    await t.reviewChanged(vacancyId, 'approved');
    expect(await offered()).toBe(true);
  });

  test('a rejected listing stays held; a late, older review change does not lift a newer hold', async () => {
    const { vacancyId } = await t.vacancy({ positions: 5 });
    const older = VacancyReviewChanged.create(
      vacancyId,
      { vacancyId, state: 'approved' },
      { occurredAt: new Date(Date.now() - 60_000) },
    );
    await t.reviewChanged(vacancyId, 'rejected');
    await t.publish(topics.vacancy, older);
    const refused = await t.apply(await t.worker(), vacancyId);
    expect(refused.body.error.code).toBe(HELD);
  });
});
