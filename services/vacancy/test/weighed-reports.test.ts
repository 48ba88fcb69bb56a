import { topics, type ReviewQueueItem, type VacancyItem } from '@moba/contracts';
import type { DocumentStore } from '@moba/platform';
import { testToken } from '@moba/platform/testing';
import { createPostgresStore } from '../../../libs/platform/src/store/postgres-store';
import {
  dropSchemas,
  freshSchemaPrefix,
  whenPostgres,
  withSchema,
} from '../../../libs/platform/test/fixtures/postgres';
import { envelope, startVacancy, type VacancyHarness } from './helpers';

/** Issue #33: reports are weighed by what the reporter has at stake; fresh accounts cannot hide a moba. */
function weighedReportsOn(storeName: string, openStore?: () => Promise<DocumentStore>) {
  describe(`on the ${storeName} store`, () => {
    let h: VacancyHarness;
    let admin: Awaited<ReturnType<typeof testToken>>;
    let store: DocumentStore | undefined;
    beforeAll(async () => {
      store = await openStore?.();
      h = await startVacancy({}, store);
      admin = await testToken('Admin');
    });
    afterAll(async () => {
      await h.stop();
      await store?.close();
    });

    const browseIds = async () => {
      const worker = await testToken('Worker');
      const res = await h.client.post('/workers/vacancies/open', { pageSize: 100 }, worker.auth);
      return (res.body.items as VacancyItem[]).map((v) => v.id);
    };
    const queued = async (id: string) =>
      ((await h.client.post('/admin/vacancies/review', {}, admin.auth)).body as ReviewQueueItem[]).find(
        (v) => v.id === id,
      );
    const hiddenEvents = async (id: string) =>
      (await h.eventsOf('VacancyReviewChanged', id)).filter(
        (e) => (e.data as { state: string }).state === 'hidden',
      );
    const keep = async (id: string) => {
      const res = await h.client.post(
        `/admin/vacancies/${id}/decide`,
        { decision: 'approve', note: 'provereno, oglas je ispravan' },
        admin.auth,
      );
      expect(res.body).toMatchObject({ state: 'approved', status: 'Open' });
      // Reports made later than the decision count again; a millisecond may pass between the two anywhere.
      h.deps.clock.advance(1000);
    };

    describe('fresh accounts cannot hide a moba', () => {
      test('three fresh unconfirmed accounts report it: it waits in the admin queue but stays in browse', async () => {
        const estate = await h.estate();
        const id = await h.create(estate.auth);
        for (let i = 0; i < 3; i++) expect((await h.report(id, (await h.reporter()).auth)).status).toBe(201);
        expect(await browseIds()).toContain(id);
        const item = await queued(id);
        expect(item?.review).toMatchObject({ state: 'reported', reports: 3, weight: 3, hidden: false });
        expect(item?.weightToHide).toBe(10);
        expect(item?.reportList.map((r) => [r.weight, r.signals, r.counted])).toEqual([
          [1, [], true],
          [1, [], true],
          [1, [], true],
        ]);
        expect(await hiddenEvents(id)).toEqual([]);
      });

      test('nor do many new accounts that confirmed their e-mail and applied to the moba', async () => {
        const estate = await h.estate();
        const id = await h.create(estate.auth);
        for (let i = 0; i < 6; i++) {
          const worker = await h.reporter({ emailConfirmed: true, appliedTo: [id] });
          await h.report(id, worker.auth);
        }
        expect(await browseIds()).toContain(id);
        const item = await queued(id);
        expect(item?.reportList[0]).toMatchObject({
          weight: 3,
          signals: ['email_confirmed', 'applied_nearby'],
        });
        expect(item?.review).toMatchObject({ reports: 6, weight: 4, hidden: false });
      });
    });

    describe('trusted reporters hide it', () => {
      test('two workers with old confirmed accounts who have worked on mobas hide it, and the estate is told', async () => {
        const estate = await h.estate();
        const id = await h.create(estate.auth);
        await h.report(id, (await h.trustedReporter()).auth);
        expect(await browseIds()).toContain(id);
        await h.report(id, (await h.trustedReporter()).auth);
        expect(await browseIds()).not.toContain(id);
        const item = await queued(id);
        expect(item?.review).toMatchObject({ state: 'reported', reports: 2, weight: 14, hidden: true });
        expect(item?.reportList[0]).toMatchObject({
          weight: 7,
          signals: ['email_confirmed', 'established', 'worked'],
          counted: true,
        });
        expect(await hiddenEvents(id)).toHaveLength(1);
        // Another report on a hidden moba keeps it hidden and tells the estate nothing new.
        await h.report(id, (await h.trustedReporter()).auth);
        expect(await browseIds()).not.toContain(id);
        expect(await hiddenEvents(id)).toHaveLength(1);
      });
    });

    describe('after an admin keeps a moba', () => {
      test('the reporters it was kept against cannot hide it again, nor fresh accounts; enough new trusted reporters can', async () => {
        const estate = await h.estate();
        const id = await h.create(estate.auth);
        const first = [await h.trustedReporter(), await h.trustedReporter()];
        for (const worker of first) await h.report(id, worker.auth);
        expect(await browseIds()).not.toContain(id);
        await keep(id);
        expect(await browseIds()).toContain(id);

        for (const worker of first) {
          const again = await h.report(id, worker.auth, 'fake_listing');
          expect(again.status).toBe(409);
          expect(again.body.error.code).toBe('VACANCY.ALREADY_REPORTED');
        }
        for (let i = 0; i < 3; i++) await h.report(id, (await h.reporter({ emailConfirmed: true })).auth);
        expect(await browseIds()).toContain(id);
        await h.report(id, (await h.trustedReporter()).auth);
        expect(await browseIds()).toContain(id);
        const item = await queued(id);
        expect(item?.weightToHide).toBe(15);
        expect(item?.review).toMatchObject({ reports: 4, weight: 11, kept: 1, hidden: false });
        expect(item?.reportList.map((r) => r.counted)).toEqual([false, false, true, true, true, true]);

        await h.report(id, (await h.trustedReporter()).auth);
        expect(await browseIds()).not.toContain(id);
        expect(await hiddenEvents(id)).toHaveLength(2);
      });
    });

    describe('the standing a report is weighed by follows events', () => {
      test('a crew member accepted with a leader has worked; redelivered events change nothing', async () => {
        const estate = await h.estate();
        const id = await h.create(estate.auth);
        const member = await h.reporter({ ageDays: 60 });
        const leader = await h.reporter();
        const applicationId = crypto.randomUUID();
        const accepted = envelope('ApplicationAccepted', applicationId, {
          applicationId,
          vacancyId: crypto.randomUUID(),
          workerId: leader.id,
          guest: false,
          positions: 2,
          freePositions: 3,
          crew: { accepted: [{ id: member.id, name: 'Član Ekipe' }], notAccepted: [] },
        });
        await h.deliver(topics.application, accepted);
        await h.deliver(topics.application, accepted);
        const verified = envelope('EmailVerified', member.id, { userId: member.id });
        await h.deliver(topics.auth, verified);
        await h.deliver(topics.auth, { ...verified, id: crypto.randomUUID() });
        await h.report(id, member.auth);
        await h.report(id, leader.auth);
        expect((await queued(id))?.reportList.map((r) => [r.weight, r.signals])).toEqual([
          [7, ['email_confirmed', 'established', 'worked']],
          [4, ['worked']],
        ]);
        const standing = await h.service.context.store.reporters.findOne({ _id: member.id });
        expect(standing?.acceptedOn).toHaveLength(1);
      });

      test('an application to a moba in another district is not nearby', async () => {
        const estate = await h.estate();
        const id = await h.create(estate.auth);
        const elsewhere = await h.create(estate.auth, { municipality: 'Subotica' });
        const worker = await h.reporter({ appliedTo: [elsewhere] });
        await h.report(id, worker.auth);
        expect((await queued(id))?.reportList[0]).toMatchObject({ weight: 1, signals: [] });
      });
    });

    describe('a decision made while a report is being counted', () => {
      test('the reports the admin kept the moba against do not hide it nor put it back in the queue', async () => {
        const estate = await h.estate();
        const id = await h.create(estate.auth);
        await h.report(id, (await h.trustedReporter()).auth);
        const second = await h.trustedReporter();
        const reports = h.service.context.store.reports;
        const find = reports.find.bind(reports);
        // The admin keeps the moba after the second report is stored, before it is counted.
        reports.find = async (...args: Parameters<typeof find>) => {
          reports.find = find;
          await keep(id);
          return find(...args);
        };
        expect((await h.report(id, second.auth)).status).toBe(201);
        expect(reports.find).toBe(find);
        expect(await browseIds()).toContain(id);
        expect(await queued(id)).toBeUndefined();
        expect(await hiddenEvents(id)).toEqual([]);
      });
    });
  });
}

weighedReportsOn('memory');
whenPostgres('weighed reports on PostgreSQL', () => {
  const prefix = freshSchemaPrefix('reports');
  weighedReportsOn('PostgreSQL', () => createPostgresStore(withSchema(prefix), 'vacancy'));
  afterAll(() => dropSchemas(prefix));
});
