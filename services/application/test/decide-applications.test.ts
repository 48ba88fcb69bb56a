import { randomUUID } from 'node:crypto';
import { AdminActionRecorded, BULK_DECISION_MAX, type AdminActionRecordedData } from '@moba/contracts';
import { eventually } from '@moba/platform/testing';
import { LEASE_MS } from '../src/decide-applications/decide-applications';
import { startApplicationWithAdmin, type AdminSession, type TestApp } from './helpers';

let t: TestApp;
let admin: AdminSession;
beforeAll(async () => ({ t, admin } = await startApplicationWithAdmin()));
afterAll(() => t.stop());

const decide = (body: Record<string, unknown>) =>
  t.client.post('/admin/applications/decisions', { batchId: randomUUID(), ...body }, admin.auth);

/** `count` workers apply to the moba, one after another (so their waiting order is known). */
async function applicants(vacancyId: string, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await t.apply(await t.worker(), vacancyId);
    expect(res.status).toBe(201);
    ids.push(res.body.id as string);
    t.deps.clock.advance(1000);
  }
  return ids;
}

/** A batch as a runner that crashed left it: begun, still running, with the lease it held (if any). */
const begunBatch = (
  batchId: string,
  decision: 'accept' | 'reject',
  applicationIds: string[],
  lease?: { owner: string; until: string },
) =>
  t.store.decisionBatches.insertOne({
    _id: batchId,
    adminId: admin.id,
    adminName: 'Admin',
    decision,
    fingerprint: JSON.stringify({ decision, ids: applicationIds, filter: null }),
    applicationIds,
    status: 'running',
    ...(lease ? { lease } : {}),
    createdAt: t.deps.clock.now().toISOString(),
  });

type Item = { applicationId: string; outcome: string; code?: string };

describe('bulk decisions', () => {
  test('500 applications in one batch, 50 of them competing for 10 places, end with exactly 10 accepted there; a retried and a competing batch decide nothing twice', async () => {
    const contested = await t.vacancy({ positions: 10 });
    const contestedIds = await applicants(contested.vacancyId, 50);
    const others: string[] = [];
    for (let v = 0; v < 9; v += 1) {
      const { vacancyId } = await t.vacancy({ positions: 50 });
      others.push(...(await applicants(vacancyId, 50)));
    }
    const applicationIds = [...others, ...contestedIds].reverse(); // any order: the batch decides oldest first
    expect(applicationIds).toHaveLength(500);
    const batchId = randomUUID();
    const body = { batchId, decision: 'accept', applicationIds };

    // The same batch sent twice at once (a retry after a timeout), and another admin's batch for the contested 50.
    const [first, retry, rival] = await Promise.all([
      t.client.post('/admin/applications/decisions', body, admin.auth),
      t.client.post('/admin/applications/decisions', body, admin.auth),
      decide({ decision: 'accept', applicationIds: contestedIds }),
    ]);
    expect([first.status, retry.status, rival.status]).toEqual([200, 200, 200]);
    expect(first.body).toMatchObject({ batchId, status: 'done', total: 500, processed: 500 });
    expect(retry.body).toEqual(first.body);

    const vacancy = await t.store.vacancies.findOne({ _id: contested.vacancyId });
    expect(vacancy).toMatchObject({ freePositions: 0, totalPositions: 10 });
    expect(Object.keys(vacancy!.claims)).toHaveLength(10);
    const acceptedThere = await t.store.applications.count({
      vacancyId: contested.vacancyId,
      status: 'Accepted',
    });
    expect(acceptedThere).toBe(10);
    const acceptedEvents = t
      .eventsOf('ApplicationAccepted')
      .filter((e) => (e.data as { vacancyId: string }).vacancyId === contested.vacancyId);
    expect(acceptedEvents).toHaveLength(10);

    // Between the two batches the contested places were given exactly once; every other item was accepted.
    const contestedSet = new Set(contestedIds);
    const mine = (first.body.items as Item[]).filter((i) => contestedSet.has(i.applicationId));
    const theirs = rival.body.items as Item[];
    const acceptedByEither = [...mine, ...theirs].filter((i) => i.outcome === 'accepted');
    expect(acceptedByEither).toHaveLength(10);
    expect(new Set(acceptedByEither.map((i) => i.applicationId)).size).toBe(10);
    expect(
      [...mine, ...theirs]
        .filter((i) => i.outcome === 'refused')
        .every((i) => ['APPLICATION.NO_FREE_POSITIONS', 'APPLICATION.NOT_PENDING'].includes(i.code!)),
    ).toBe(true);
    expect(first.body.accepted).toBe(450 + mine.filter((i) => i.outcome === 'accepted').length);

    // Sent again later: the same answer, nothing decided again.
    const again = await t.client.post('/admin/applications/decisions', body, admin.auth);
    expect(again.body).toEqual(first.body);
    expect(t.eventsOf('ApplicationAccepted').length).toBe(
      (await t.store.applications.count({ status: 'Accepted' })) as number,
    );
    // 500 applicants are applied one by one: 40 s on a quiet machine, over 120 s on a loaded one.
  }, 300_000);

  test('when only some can be decided, the answer lists per item what happened and why, and the successes stand', async () => {
    const { vacancyId } = await t.vacancy({ positions: 1 });
    const [a, b, c] = await applicants(vacancyId, 3);
    await t.client.post(`/admin/applications/${c}/reject`, {}, admin.auth);
    const unknown = randomUUID();
    const res = await decide({ decision: 'accept', applicationIds: [c, b, unknown, a] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 4, processed: 4, accepted: 1, rejected: 0, refused: 3 });
    const byId = new Map((res.body.items as Item[]).map((i) => [i.applicationId, i]));
    expect(byId.get(a)).toMatchObject({ outcome: 'accepted', freePositions: 0 }); // the longest waiting first
    expect(byId.get(b)).toMatchObject({ outcome: 'refused', code: 'APPLICATION.NO_FREE_POSITIONS' });
    expect(byId.get(c)).toMatchObject({ outcome: 'refused', code: 'APPLICATION.NOT_PENDING' });
    expect(byId.get(unknown)).toMatchObject({ outcome: 'refused', code: 'APPLICATION.NOT_FOUND' });
    expect((await t.store.applications.findOne({ _id: a }))!.status).toBe('Accepted');
    // Each decided item is in the audit log once, as the admin who ran the batch; a refused one is not.
    const audited = await eventually(async () => {
      const found = t.audited
        .filter(AdminActionRecorded.is)
        .map((e) => e.data as AdminActionRecordedData)
        .filter((d) => [a, b, c, unknown].includes(d.targetId) && d.action === 'application.accept');
      return found.length > 0 ? found : undefined;
    });
    expect(audited).toEqual([
      expect.objectContaining({ targetId: a, actorId: admin.id, after: { status: 'Accepted' } }),
    ]);
  });

  test('all matching a filter are rejected, and only those', async () => {
    const { vacancyId } = await t.vacancy();
    const mine = await applicants(vacancyId, 3);
    const other = await t.vacancy();
    const [untouched] = await applicants(other.vacancyId, 1);
    const res = await decide({ decision: 'reject', filter: { vacancyId } });
    expect(res.body).toMatchObject({ total: 3, rejected: 3, refused: 0 });
    expect((res.body.items as Item[]).map((i) => i.applicationId).sort()).toEqual([...mine].sort());
    expect((await t.store.applications.findOne({ _id: untouched }))!.status).toBe('Pending');
    expect(t.eventsOf('ApplicationRejected').filter((e) => mine.includes(e.key))).toHaveLength(3);
  });

  test('the progress of a batch is readable by its id; an unknown batch answers 404', async () => {
    const { vacancyId } = await t.vacancy();
    const ids = await applicants(vacancyId, 2);
    const batchId = randomUUID();
    await t.client.post(
      '/admin/applications/decisions',
      { batchId, decision: 'reject', applicationIds: ids },
      admin.auth,
    );
    const progress = await t.client.get(`/admin/applications/decisions/${batchId}`, admin.auth);
    expect(progress.status).toBe(200);
    expect(progress.body).toMatchObject({ batchId, status: 'done', total: 2, processed: 2, rejected: 2 });
    const missing = await t.client.get(`/admin/applications/decisions/${randomUUID()}`, admin.auth);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('APPLICATION.BATCH_NOT_FOUND');
  });

  test('a retry after the runner crashed takes the rest over: the item decided before the crash is reported, not decided again', async () => {
    const { vacancyId } = await t.vacancy({ positions: 5 });
    const [a, b] = await applicants(vacancyId, 2);
    const batchId = randomUUID();
    const applicationIds = [a, b];
    // The state a crash leaves: the batch begun, `a` marked and accepted, its outcome not recorded, the lease lapsed.
    await begunBatch(batchId, 'accept', applicationIds);
    await t.store.decisionItems.insertOne({
      _id: `${batchId}:${a}`,
      batchId,
      seq: 0,
      applicationId: a,
      outcome: 'deciding',
    });
    t.deps.clock.advance(1000);
    await t.client.post(`/admin/applications/${a}/accept`, {}, admin.auth);
    const acceptedBefore = t.eventsOf('ApplicationAccepted').length;

    const res = await t.client.post(
      '/admin/applications/decisions',
      { batchId, decision: 'accept', applicationIds },
      admin.auth,
    );
    expect(res.body).toMatchObject({ status: 'done', total: 2, accepted: 2, refused: 0 });
    expect(t.eventsOf('ApplicationAccepted').length).toBe(acceptedBefore + 1);
    expect((await t.store.vacancies.findOne({ _id: vacancyId }))!.freePositions).toBe(3);
  });

  test('a batch whose runner died holding the lease is taken over once the clock passes the lease', async () => {
    const { vacancyId } = await t.vacancy({ positions: 5 });
    const applicationIds = await applicants(vacancyId, 2);
    const batchId = randomUUID();
    // A runner died right after it began the batch: its lease is still live on the service's clock.
    const until = new Date(t.deps.clock.now().getTime() + LEASE_MS).toISOString();
    await begunBatch(batchId, 'reject', applicationIds, { owner: 'crashed', until });
    t.deps.clock.advance(LEASE_MS + 1);

    const res = await t.client.post(
      '/admin/applications/decisions',
      { batchId, decision: 'reject', applicationIds },
      admin.auth,
    );
    expect(res.body).toMatchObject({ status: 'done', total: 2, processed: 2, rejected: 2 });
  });

  test('a batchId used again for another request answers 409 BATCH_ID_REUSED and decides nothing', async () => {
    const { vacancyId } = await t.vacancy();
    const [a, b] = await applicants(vacancyId, 2);
    const batchId = randomUUID();
    await t.client.post(
      '/admin/applications/decisions',
      { batchId, decision: 'reject', applicationIds: [a] },
      admin.auth,
    );
    const res = await t.client.post(
      '/admin/applications/decisions',
      { batchId, decision: 'accept', applicationIds: [b] },
      admin.auth,
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'APPLICATION.BATCH_ID_REUSED',
      details: [{ field: 'batchId', code: 'APPLICATION.BATCH_ID_REUSED' }],
    });
    expect((await t.store.applications.findOne({ _id: b }))!.status).toBe('Pending');
  });

  test.each([
    ['neither ids nor a filter', { decision: 'accept' }, 'applicationIds', 'required'],
    [
      'both ids and a filter',
      { decision: 'accept', applicationIds: [randomUUID()], filter: {} },
      'applicationIds',
      'required',
    ],
    [
      'an id twice',
      {
        decision: 'accept',
        applicationIds: ['8f0e6a0e-4a55-4d7b-9a43-1d1b3c0f3f11', '8f0e6a0e-4a55-4d7b-9a43-1d1b3c0f3f11'],
      },
      'applicationIds',
      'duplicate',
    ],
    [
      'too many ids',
      {
        decision: 'accept',
        applicationIds: Array.from({ length: BULK_DECISION_MAX + 1 }, () => randomUUID()),
      },
      'applicationIds',
      'too_many_items',
    ],
    [
      'an unknown decision',
      { decision: 'maybe', applicationIds: [randomUUID()] },
      'decision',
      'invalid_option',
    ],
    [
      'no batchId',
      { batchId: undefined, decision: 'accept', applicationIds: [randomUUID()] },
      'batchId',
      'required',
    ],
    [
      'a filter with the dates reversed',
      { decision: 'reject', filter: { startFrom: '2027-07-10', startTo: '2027-07-01' } },
      'filter.startTo',
      'end_before_start',
    ],
  ])('%s answers 400 naming the field and writes nothing', async (_name, body, field, code) => {
    const before = await t.store.decisionBatches.count({});
    const res = await decide(body);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field, code })]),
    );
    expect(await t.store.decisionBatches.count({})).toBe(before);
  });
});
