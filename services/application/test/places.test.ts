import { randomUUID } from 'node:crypto';
import { createLogger, type DocumentStore } from '@moba/platform';
import { onEachStore } from '../../../libs/platform/test/fixtures/postgres';
import { startApplication, guestBody, type TestApp } from './helpers';
import { faultyStore } from './faulty-store';
import { reconcilePlaces } from '../src/reconcile-places/reconcile-places';
import { CLAIM_STALE_AFTER_MS } from '../src/domain/places';
import type { AppContext } from '../src/context';

/**
 * Accepting claims places on the vacancy replica, then records the decision. An outage between the
 * two steps must never lose places: the claim is given back at once, or (when that fails as well)
 * kept for the application, reused by a retry, resized by a partial acceptance, given back by a
 * reject, a closing or the reconciliation. Run on both stores the service is deployed on.
 */
function placesSuite(label: string, open: () => Promise<DocumentStore>) {
  describe(`places are never lost (${label})`, () => {
    let t: TestApp;
    let faults: ReturnType<typeof faultyStore>;
    let inner: DocumentStore;
    beforeAll(async () => {
      inner = await open();
      faults = faultyStore(inner);
      t = await startApplication({ store: faults.store });
    }, 60_000);
    afterEach(() => {
      expect(faults.armed()).toBe(0); // every injected outage really happened
      faults.clear();
    });
    afterAll(async () => {
      await t.stop();
      await inner.close();
    });

    const recordAcceptance = () =>
      faults.fail(
        'applications',
        'updateOne',
        (_f, u) => (u?.$set as { status?: string })?.status === 'Accepted',
      );
    const giveBack = () => faults.fail('vacancies', 'findOneAndUpdate', (_f, u) => u?.$unset !== undefined);
    const places = async (vacancyId: string) => {
      const doc = (await t.store.vacancies.findOne({ _id: vacancyId }))!;
      return { free: doc.freePositions, claims: doc.claims };
    };
    const statusOf = async (id: string) => (await t.store.applications.findOne({ _id: id }))?.status;

    async function pending(vacancyId: string) {
      const worker = await t.worker();
      const res = await t.apply(worker, vacancyId);
      expect(res.status).toBe(201);
      return res.body.id as string;
    }

    const accept = async (id: string) =>
      t.client.post(`/admin/applications/${id}/accept`, {}, (await t.admin()).auth);
    const reject = async (id: string) =>
      t.client.post(`/admin/applications/${id}/reject`, {}, (await t.admin()).auth);

    test('an acceptance that fails after its claim gives the places back and says only "try again"; a retry takes them once', async () => {
      const { vacancyId } = await t.vacancy({ positions: 3 });
      const id = await pending(vacancyId);
      recordAcceptance();
      const failed = await accept(id);
      expect(failed.status).toBe(503);
      expect(failed.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(await places(vacancyId)).toEqual({ free: 3, claims: {} });
      expect(await statusOf(id)).toBe('Pending');

      const retried = await accept(id);
      expect(retried.status).toBe(200);
      expect(retried.body.freePositions).toBe(2);
      expect(await places(vacancyId)).toEqual({ free: 2, claims: { [id]: 1 } });
    });

    test('when the places cannot be given back either, the answer says they stay reserved; a reject gives them back', async () => {
      const { vacancyId } = await t.vacancy({ positions: 3 });
      const id = await pending(vacancyId);
      recordAcceptance();
      giveBack();
      const failed = await accept(id);
      expect(failed.status).toBe(503);
      expect(failed.body.error.code).toBe('APPLICATION.DECISION_INTERRUPTED');
      expect(failed.body.error.message).toMatch(/reserved/);
      expect(await places(vacancyId)).toEqual({ free: 2, claims: { [id]: 1 } });

      expect((await reject(id)).status).toBe(200);
      expect(await places(vacancyId)).toEqual({ free: 3, claims: {} });
    });

    test('a crew whose whole acceptance was interrupted can still be accepted in part: the claim is resized', async () => {
      const { vacancyId } = await t.vacancy({ positions: 10 });
      const { id, memberIds } = await t.crewApplies(vacancyId, 5);
      recordAcceptance();
      giveBack();
      expect((await accept(id)).body.error.code).toBe('APPLICATION.DECISION_INTERRUPTED');
      expect(await places(vacancyId)).toEqual({ free: 4, claims: { [id]: 6 } });

      const part = await t.client.post(
        `/admin/applications/${id}/accept-part`,
        { memberIds: memberIds.slice(0, 2) },
        (await t.admin()).auth,
      );
      expect(part.status).toBe(200);
      expect(part.body).toMatchObject({ positions: 3, freePositions: 7 });
      expect(await places(vacancyId)).toEqual({ free: 7, claims: { [id]: 3 } });
      expect(await statusOf(id)).toBe('Accepted');
    });

    test('a bulk acceptance cut by an outage leaves no places taken, and its retry accepts each once', async () => {
      const { vacancyId } = await t.vacancy({ positions: 5 });
      const ids = [await pending(vacancyId), await pending(vacancyId)];
      const admin = await t.admin();
      const body = { batchId: randomUUID(), decision: 'accept', applicationIds: ids };
      recordAcceptance();
      const cut = await t.client.post('/admin/applications/decisions', body, admin.auth);
      expect(cut.status).toBe(503);
      expect((await places(vacancyId)).free).toBe(5);

      const again = await t.client.post('/admin/applications/decisions', body, admin.auth);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ status: 'done', accepted: 2, refused: 0 });
      expect(await places(vacancyId)).toEqual({ free: 3, claims: { [ids[0]]: 1, [ids[1]]: 1 } });
    });

    test('a bulk rejection gives back the places an interrupted acceptance kept', async () => {
      const { vacancyId } = await t.vacancy({ positions: 2 });
      const id = await pending(vacancyId);
      recordAcceptance();
      giveBack();
      expect((await accept(id)).status).toBe(503);
      const admin = await t.admin();
      const res = await t.client.post(
        '/admin/applications/decisions',
        { batchId: randomUUID(), decision: 'reject', applicationIds: [id] },
        admin.auth,
      );
      expect(res.body).toMatchObject({ rejected: 1 });
      expect(await places(vacancyId)).toEqual({ free: 2, claims: {} });
    });

    test('a guest placement cut by an outage takes its place once, whether given back at once or kept for the retry', async () => {
      const { vacancyId } = await t.vacancy({ positions: 4 });
      const admin = await t.admin();
      const guestId = (await t.client.post('/signup-guest', guestBody())).body.id as string;
      const place = () =>
        t.client.post(`/admin/applications/guest/${guestId}/accept`, { vacancyId }, admin.auth);

      recordAcceptance();
      expect((await place()).status).toBe(503);
      expect(await places(vacancyId)).toEqual({ free: 4, claims: {} });

      recordAcceptance();
      giveBack();
      expect((await place()).body.error.code).toBe('APPLICATION.DECISION_INTERRUPTED');
      expect((await places(vacancyId)).free).toBe(3);

      const placed = await place();
      expect(placed.status).toBe(200);
      expect(placed.body.freePositions).toBe(3);
      const claims = (await places(vacancyId)).claims;
      expect(Object.values(claims)).toEqual([1]);
      expect(await statusOf(Object.keys(claims)[0]!)).toBe('Accepted');
    });

    test('closing the pending applications of a finished moba gives back what an interrupted acceptance kept', async () => {
      const { vacancyId } = await t.vacancy({ positions: 3 });
      const id = await pending(vacancyId);
      recordAcceptance();
      giveBack();
      expect((await accept(id)).status).toBe(503);
      await t.statusChanged(vacancyId, 'Open', 'Finished');
      expect(await statusOf(id)).toBe('Closed');
      expect(await places(vacancyId)).toEqual({ free: 3, claims: {} });
    });

    test('the reconciliation gives back a claim no acceptance finished, once it is stale, and keeps the accepted ones', async () => {
      const { vacancyId } = await t.vacancy({ positions: 5 });
      const kept = await pending(vacancyId);
      expect((await accept(kept)).status).toBe(200);
      const id = await pending(vacancyId);
      recordAcceptance();
      giveBack();
      expect((await accept(id)).status).toBe(503);
      const ctx: AppContext = {
        store: t.store,
        clock: t.deps.clock,
        logger: createLogger('test', 'silent'),
        relay: { kick: () => undefined } as never,
        crewLimits: { savesPerDay: 100, newPhonesPerDay: 250 },
      };
      await reconcilePlaces(ctx);
      expect(await places(vacancyId)).toEqual({ free: 3, claims: { [kept]: 1, [id]: 1 } });

      t.deps.clock.advance(CLAIM_STALE_AFTER_MS + 1000);
      await reconcilePlaces(ctx);
      expect(await places(vacancyId)).toEqual({ free: 4, claims: { [kept]: 1 } });
      expect(await statusOf(id)).toBe('Pending');
      expect((await accept(id)).status).toBe(200); // still acceptable, with a fresh claim
      expect(await places(vacancyId)).toEqual({ free: 3, claims: { [kept]: 1, [id]: 1 } });
    });
  });
}

onEachStore('places are never lost', 'application', placesSuite);
