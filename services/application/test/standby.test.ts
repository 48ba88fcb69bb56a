import { createLogger, type DocumentStore } from '@moba/platform';
import { eventually } from '@moba/platform/testing';
import type { Crew, EventEnvelope } from '@moba/contracts';
import { onEachStore } from '../../../libs/platform/test/fixtures/postgres';
import { startApplication, type TestApp } from './helpers';
import { faultyStore } from './faulty-store';
import { releasePlaces } from '../src/release-places/release-places';
import type { AppContext } from '../src/context';

/**
 * Standby (issue #31 point 4): places given back through releasePlaces return to the moba's free
 * count, are offered to the pending applicants in the order they applied, and the first to take
 * one gets it; cancellations are late less than 24 h before the start and count in reliability.
 * The contention and the interrupted release run on both stores the service is deployed on.
 */
function standbySuite(label: string, open: () => Promise<DocumentStore>) {
  describe(`standby places (${label})`, () => {
    let t: TestApp;
    let faults: ReturnType<typeof faultyStore>;
    let inner: DocumentStore;
    let ctx: AppContext;
    beforeAll(async () => {
      inner = await open();
      faults = faultyStore(inner);
      t = await startApplication({ store: faults.store });
      ctx = {
        store: t.store,
        clock: t.deps.clock,
        logger: createLogger('test', 'silent'),
        relay: { kick: () => undefined } as never,
        crewLimits: { savesPerDay: 100, newPhonesPerDay: 250 },
      };
    }, 60_000);
    afterEach(() => {
      expect(faults.armed()).toBe(0);
      faults.clear();
    });
    afterAll(async () => {
      await t.stop();
      await inner.close();
    });

    const places = async (vacancyId: string) => {
      const doc = (await t.store.vacancies.findOne({ _id: vacancyId }))!;
      return { free: doc.freePositions, claims: doc.claims };
    };
    const applicationOf = async (id: string) => (await t.store.applications.findOne({ _id: id }))!;
    const accept = async (id: string) =>
      expect(
        (await t.client.post(`/admin/applications/${id}/accept`, {}, (await t.admin()).auth)).status,
      ).toBe(200);
    async function pendingWorker(vacancyId: string) {
      const worker = await t.worker();
      const res = await t.apply(worker, vacancyId);
      expect(res.status).toBe(201);
      return { worker, id: res.body.id as string };
    }
    async function acceptedWorker(vacancyId: string) {
      const applied = await pendingWorker(vacancyId);
      await accept(applied.id);
      return applied;
    }
    const offersFor = (vacancyId: string) =>
      t.published.filter(
        (e) => e.type === 'StandbyOffered' && (e.data as { vacancyId: string }).vacancyId === vacancyId,
      ) as EventEnvelope<{ offers: { applicationId: string; positions: number }[]; freePositions: number }>[];
    const placesChanged = (vacancyId: string) =>
      t.published
        .filter(
          (e) =>
            e.type === 'VacancyPlacesChanged' && (e.data as { vacancyId: string }).vacancyId === vacancyId,
        )
        .map((e) => e.data as { freePositions: number; version: number });

    test('30 standby workers take 3 freed places at the same moment: exactly 3 are accepted, the rest hear "no free places", free is 0', async () => {
      const { vacancyId } = await t.vacancy({ positions: 3 });
      const standby = [];
      for (let i = 0; i < 30; i++) standby.push(await pendingWorker(vacancyId));
      const accepted = [];
      for (let i = 0; i < 3; i++) accepted.push(await acceptedWorker(vacancyId));
      expect((await places(vacancyId)).free).toBe(0);

      for (const { worker, id } of accepted) {
        const res = await t.client.post(
          `/workers/applications/${id}/cancel`,
          { reason: 'sick' },
          worker.auth,
        );
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ status: 'Cancelled', positions: 0, releasedPositions: 1 });
      }
      expect((await places(vacancyId)).free).toBe(3);
      await eventually(async () => offersFor(vacancyId).length === 3, 'three standby offers');
      expect(offersFor(vacancyId)[0].data.offers.map((o) => o.applicationId)).toEqual(
        standby.map((s) => s.id),
      );

      const answers = await Promise.all(
        standby.map(({ worker, id }) =>
          t.client.post(`/workers/applications/${id}/take-place`, undefined, worker.auth),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s === 409)).toHaveLength(27);
      for (const refused of answers.filter((a) => a.status === 409))
        expect(refused.body.error.code).toBe('APPLICATION.NO_FREE_POSITIONS');
      const after = await places(vacancyId);
      expect(after.free).toBe(0);
      expect(Object.keys(after.claims)).toHaveLength(3);
      const nowAccepted = await t.store.applications.count({ vacancyId, status: 'Accepted' });
      expect(nowAccepted).toBe(3);
      // The vacancy service hears every change of the count, in versions that only rise.
      await eventually(
        async () => placesChanged(vacancyId).at(-1)?.freePositions === 0,
        'the count reported',
      );
      const versions = placesChanged(vacancyId).map((c) => c.version);
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
    }, 60_000);

    test('a partial release shrinks a crew, frees those heads, and a retry with the same key frees nothing more', async () => {
      const { vacancyId } = await t.vacancy({ positions: 6 });
      const crew = await t.crewApplies(vacancyId, 3); // the leader and 3 members: 4 positions
      await accept(crew.id);
      expect((await places(vacancyId)).free).toBe(2);

      const first = await releasePlaces(ctx, {
        applicationId: crew.id,
        heads: 2,
        reason: 'fewer-heads',
        key: 'confirm:day1',
      });
      expect(first).toMatchObject({ status: 'Accepted', positions: 2, releasedPositions: 2, late: false });
      const again = await releasePlaces(ctx, {
        applicationId: crew.id,
        heads: 2,
        reason: 'fewer-heads',
        key: 'confirm:day1',
      });
      expect(again).toMatchObject({ status: 'Accepted', positions: 2, releasedPositions: 2 });
      expect(await places(vacancyId)).toEqual({ free: 4, claims: { [crew.id]: 2 } });
      expect((await applicationOf(crew.id)).positions).toBe(2);
    });

    test('a whole release cancels the application with its reason; a retry changes nothing and says the same', async () => {
      const { vacancyId } = await t.vacancy({ positions: 2 });
      const { id } = await acceptedWorker(vacancyId);
      const result = await releasePlaces(ctx, { applicationId: id, reason: 'declined' });
      expect(result).toMatchObject({ status: 'Cancelled', positions: 0, releasedPositions: 1, late: false });
      expect(await releasePlaces(ctx, { applicationId: id, reason: 'declined' })).toEqual(result);
      expect(await places(vacancyId)).toEqual({ free: 2, claims: {} });
      expect((await applicationOf(id)).cancellation).toMatchObject({ reason: 'declined', late: false });
      await eventually(
        async () =>
          t.published.filter(
            (e) => e.type === 'PlacesReleased' && (e.data as { applicationId: string }).applicationId === id,
          ).length === 1,
        'one PlacesReleased',
        5000,
      );
    });

    test('a release interrupted after recording the decision loses no place: the PlacesReleased handler gives it back', async () => {
      const { vacancyId } = await t.vacancy({ positions: 2 });
      const { worker, id } = await acceptedWorker(vacancyId);
      faults.fail('vacancies', 'findOneAndUpdate', (_f, u) => u?.$unset !== undefined);
      const res = await t.client.post(
        `/workers/applications/${id}/cancel`,
        { reason: 'family' },
        worker.auth,
      );
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('Cancelled');
      await eventually(async () => (await places(vacancyId)).free === 2, 'the place given back');
      expect((await places(vacancyId)).claims).toEqual({});
    });

    test('a release whose decision write fails answers "try again" and changes nothing; the retry releases once', async () => {
      const { vacancyId } = await t.vacancy({ positions: 2 });
      const { worker, id } = await acceptedWorker(vacancyId);
      faults.fail(
        'applications',
        'updateOne',
        (_f, u) => (u?.$set as { status?: string })?.status === 'Cancelled',
      );
      const failed = await t.client.post(
        `/workers/applications/${id}/cancel`,
        { reason: 'sick' },
        worker.auth,
      );
      expect(failed.status).toBe(503);
      expect((await applicationOf(id)).status).toBe('Accepted');
      expect((await places(vacancyId)).free).toBe(1);
      const retried = await t.client.post(
        `/workers/applications/${id}/cancel`,
        { reason: 'sick' },
        worker.auth,
      );
      expect(retried.status).toBe(200);
      expect((await places(vacancyId)).free).toBe(2);
    });
  });
}

onEachStore('standby places', 'application', standbySuite);

describe('cancellation, offers and reliability', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApplication();
  });
  afterAll(() => t.stop());

  async function acceptedOn(vacancyId: string) {
    const worker = await t.worker();
    const id = (await t.apply(worker, vacancyId)).body.id as string;
    expect((await t.client.post(`/admin/applications/${id}/accept`, {}, (await t.admin()).auth)).status).toBe(
      200,
    );
    return { worker, id };
  }
  const reliability = async (worker: { auth: Record<string, string> }) =>
    (await t.client.get('/workers/me/reliability', worker.auth)).body;

  test('a cancellation less than 24 h before the start is late and counts in the worker reliability; one a month ahead is not late', async () => {
    const soon = await t.vacancy({ positions: 2, startDate: t.daysAfterToday(0) });
    const late = await acceptedOn(soon.vacancyId);
    const res = await t.client.post(
      `/workers/applications/${late.id}/cancel`,
      { reason: 'other', note: 'Pokvario se auto' },
      late.worker.auth,
    );
    expect(res.status).toBe(200);
    expect(res.body.late).toBe(true);
    await eventually(
      async () => (await reliability(late.worker)).lateCancellations === 1,
      'the late cancellation counted',
      5000,
    );
    expect(await reliability(late.worker)).toEqual({
      workerId: late.worker.id,
      accepted: 1,
      cancellations: 1,
      lateCancellations: 1,
      noShows: 0,
    });

    const later = await t.vacancy({ positions: 2 });
    const early = await acceptedOn(later.vacancyId);
    const ok = await t.client.post(
      `/workers/applications/${early.id}/cancel`,
      { reason: 'sick' },
      early.worker.auth,
    );
    expect(ok.body.late).toBe(false);
    await eventually(async () => (await reliability(early.worker)).cancellations === 1, 'counted');
    expect((await reliability(early.worker)).lateCancellations).toBe(0);
  });

  test('the admin stats lose the heads given back: a cancelled application leaves the open ones', async () => {
    const admin = await t.admin();
    const stats = async () => (await t.client.get('/admin/stats', admin.auth)).body;
    const { vacancyId } = await t.vacancy({ positions: 2 });
    const { worker, id } = await acceptedOn(vacancyId);
    await eventually(async () => (await stats()).acceptedHeads >= 1, 'counted');
    const before = await stats();
    await t.client.post(`/workers/applications/${id}/cancel`, { reason: 'sick' }, worker.auth);
    await eventually(
      async () => (await stats()).acceptedHeads === before.acceptedHeads - 1,
      'the heads given back',
      5000,
    );
    expect((await stats()).openApplications).toBe(before.openApplications - 1);
  });

  test('a cancellation needs a known reason; a bad one answers 400 naming the field and changes nothing', async () => {
    const { vacancyId } = await t.vacancy({ positions: 2 });
    const { worker, id } = await acceptedOn(vacancyId);
    const res = await t.client.post(`/workers/applications/${id}/cancel`, { reason: 'bored' }, worker.auth);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error.details)).toContain('reason');
    const phone = await t.client.post(
      `/workers/applications/${id}/cancel`,
      { reason: 'other', note: 'zovite 064 123 4567' },
      worker.auth,
    );
    expect(phone.status).toBe(400);
    expect((await t.store.applications.findOne({ _id: id }))?.status).toBe('Accepted');
  });

  test('cancelling a pending application answers NOT_ACCEPTED', async () => {
    const { vacancyId } = await t.vacancy({ positions: 2 });
    const worker = await t.worker();
    const id = (await t.apply(worker, vacancyId)).body.id as string;
    const res = await t.client.post(`/workers/applications/${id}/cancel`, { reason: 'sick' }, worker.auth);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('APPLICATION.NOT_ACCEPTED');
  });

  test('the estate removes an accepted worker: the place is offered to the pending applicants that fit, in order (a crew only whole)', async () => {
    const estate = await t.estate();
    const { vacancyId } = await t.vacancy({ positions: 2, estateId: estate.id });
    const leader = await t.worker({ groupLeader: true, groupSize: 10 });
    const members = Array.from({ length: 5 }, (_, i) => ({ name: `Član ${i + 1}` }));
    const crew = (await t.client.put('/workers/me/crew', { members }, leader.auth)).body as Crew;
    const crewApp = await t.client.post(
      '/applications/create',
      { vacancyId, memberIds: crew.members.slice(0, 2).map((m) => m.id) },
      leader.auth,
    );
    const first = await t.worker();
    const firstId = (await t.apply(first, vacancyId)).body.id as string;
    const removed = await acceptedOn(vacancyId);
    await acceptedOn(vacancyId);

    const noOffer = await t.client.post(`/workers/applications/${firstId}/take-place`, undefined, first.auth);
    expect(noOffer.status).toBe(409);
    expect(noOffer.body.error.code).toBe('APPLICATION.NO_STANDBY_OFFER');

    const res = await t.client.post(
      `/estates/applications/${removed.id}/remove`,
      { reason: 'not-needed' },
      estate.auth,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Cancelled', freePositions: 1 });
    const offer = await eventually(
      async () =>
        t.published.find(
          (e) => e.type === 'StandbyOffered' && (e.data as { vacancyId: string }).vacancyId === vacancyId,
        ),
      'the standby offer',
      5000,
    );
    const offered = (offer.data as { offers: { applicationId: string }[] }).offers.map(
      (o) => o.applicationId,
    );
    expect(offered).toEqual([firstId]); // the crew of 3 does not fit in 1 place
    expect(offered).not.toContain(crewApp.body.id);

    const mine = (await t.client.get('/workers/vacancies/my/active', first.auth)).body as {
      application: { id: string; standbyOffer?: { freePositions: number } };
    }[];
    expect(mine.find((m) => m.application.id === firstId)?.application.standbyOffer).toMatchObject({
      freePositions: 1,
    });
    const taken = await t.client.post(`/workers/applications/${firstId}/take-place`, undefined, first.auth);
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({
      applicationId: firstId,
      status: 'Accepted',
      positions: 1,
      freePositions: 0,
    });
    const approved = (await t.client.get(`/estates/vacancies/${vacancyId}/applicants/approved`, estate.auth))
      .body as { applicationId: string; reliability?: { accepted: number } }[];
    expect(approved.map((a) => a.applicationId)).toContain(firstId);
    expect(approved.every((a) => a.reliability !== undefined)).toBe(true);
  });
});
