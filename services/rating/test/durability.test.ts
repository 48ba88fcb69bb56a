import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNedbStore } from '@moba/platform';
import { createTestDeps, startForTest, testToken } from '@moba/platform/testing';
import { topics } from '@moba/contracts';
import { createService, ratingConfigSchema } from '../src';

describe('ratings on the file store', () => {
  test('ratings, replicas and the once-rule survive a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rating-'));
    const estate = await testToken('Estate');
    const worker = await testToken('Worker');
    const vacancyId = crypto.randomUUID();
    const config = ratingConfigSchema.parse({});
    const run = async () => {
      const deps = { ...createTestDeps(), store: createNedbStore(dir) };
      const service = await createService({ ...deps, config });
      const { client, stop } = await startForTest(service);
      return {
        deps,
        client,
        stop: async () => {
          await stop();
          await deps.store.close();
        },
      };
    };
    try {
      const first = await run();
      const envelope = (type: string, key: string, data: object) => ({
        id: crypto.randomUUID(),
        type,
        version: 1,
        occurredAt: new Date().toISOString(),
        key,
        data,
      });
      await first.deps.bus.publish(
        topics.vacancy,
        envelope('VacancyCreated', vacancyId, {
          vacancyId,
          estateId: estate.id,
          estateName: 'Imanje',
          title: 'Berba',
          status: 'Open',
          endDate: '2026-07-10',
        }),
      );
      await first.deps.bus.publish(
        topics.application,
        envelope('ApplicationAccepted', vacancyId, {
          applicationId: crypto.randomUUID(),
          vacancyId,
          estateId: estate.id,
          workerId: worker.id,
          guest: false,
        }),
      );
      await first.deps.bus.publish(
        topics.vacancy,
        envelope('VacancyStatusChanged', vacancyId, {
          vacancyId,
          estateId: estate.id,
          from: 'Closed',
          to: 'Finished',
        }),
      );
      expect(
        (await first.client.post(`/users/${estate.id}/rate/estate`, { grade: 4, vacancyId }, worker.auth))
          .status,
      ).toBe(201);
      await first.stop();

      const second = await run();
      expect((await second.client.get('/users/me/ratings', estate.auth)).body).toMatchObject({
        average: 4,
        count: 1,
      });
      const again = await second.client.post(
        `/users/${estate.id}/rate/estate`,
        { grade: 1, vacancyId },
        worker.auth,
      );
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('RATING.ALREADY_RATED');
      await second.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
