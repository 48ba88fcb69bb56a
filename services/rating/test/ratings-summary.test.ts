import { randomUUID } from 'node:crypto';
import { createOutboxRelay } from '@moba/platform';
import { eventually } from '@moba/platform/testing';
import { openRatingStore, type RatingDoc } from '../src/store';
import { repairRatings, summarizeRating } from '../src/summarize-ratings/summarize-ratings';
import { averageOf } from '../src/domain/summary';
import { startRating, type World } from './support';

let world: World;
beforeAll(async () => {
  world = await startRating();
});
afterAll(() => world.stop());

const recount = (grades: number[]) => ({
  average: Math.round((grades.reduce((a, b) => a + b, 0) / grades.length) * 100) / 100,
  count: grades.length,
});

describe('the ratings a user received and their summary', () => {
  test("after many ratings from many workers the estate's average and count are right and equal a recount", async () => {
    const grades = [5, 4, 4, 3, 5, 1, 2, 5, 4, 3, 5, 5];
    const { estate, vacancyId, workers } = await world.finishedJob(grades.length);
    // All at once: the summary must survive concurrent ratings of the same user.
    const answers = await Promise.all(
      workers.map((w, i) =>
        world.client.post(`/users/${estate.id}/rate/estate`, { grade: grades[i], vacancyId }, w.auth),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);

    const mine = await world.client.get('/users/me/ratings', estate.auth);
    expect(mine.status).toBe(200);
    expect({ average: mine.body.average, count: mine.body.count }).toEqual(recount(grades));
    expect(recount(grades)).toEqual({ average: 3.83, count: 12 });
    expect(mine.body.ratings).toHaveLength(12);
    expect(mine.body.ratings.map((r: { grade: number }) => r.grade).sort()).toEqual([...grades].sort());
    expect(new Set(mine.body.ratings.map((r: { raterName: string }) => r.raterName)).size).toBe(12);

    // The last published event for this estate carries the final summary.
    await eventually(
      async () => world.published.filter((e) => e.key === estate.id).length === 12,
      '12 events',
    );
    const counts = world.published
      .filter((e) => e.key === estate.id)
      .map((e) => (e.data as { count: number }).count);
    expect(Math.max(...counts)).toBe(12);
  });

  test('ratings received from several estates over several vacancies are listed newest first', async () => {
    const worker = await world.user('Worker', { fullName: 'Marko Marković' });
    const grades = [2, 5, 4];
    for (const [i, grade] of grades.entries()) {
      const estate = await world.user('Estate', { estateName: `Imanje ${i}` });
      const vacancyId = await world.vacancy(estate.id, { title: `Posao ${i}` });
      await world.accept(vacancyId, estate.id, worker.id);
      await world.finish(vacancyId, estate.id);
      world.deps.clock.advance(60_000);
      expect(
        (await world.client.post(`/users/${worker.id}/rate/worker`, { grade, vacancyId }, estate.auth))
          .status,
      ).toBe(201);
    }
    const mine = await world.client.get('/users/me/ratings', worker.auth);
    expect(mine.body).toMatchObject({ average: 3.67, count: 3 });
    expect(
      mine.body.ratings.map((r: { vacancyTitle: string; raterName: string }) => [
        r.vacancyTitle,
        r.raterName,
      ]),
    ).toEqual([
      ['Posao 2', 'Imanje 2'],
      ['Posao 1', 'Imanje 1'],
      ['Posao 0', 'Imanje 0'],
    ]);
  });

  test('summarizing the same rating again (a retry after a crash) changes neither the summary nor queues a second event', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(2);
    await world.client.post(`/users/${estate.id}/rate/estate`, { grade: 5, vacancyId }, workers[0].auth);
    const second = await world.client.post(
      `/users/${estate.id}/rate/estate`,
      { grade: 2, vacancyId },
      workers[1].auth,
    );
    await eventually(
      async () =>
        world.published.some((e) => (e.data as { ratingId: string }).ratingId === second.body.ratingId),
      'event',
    );

    const store = await openRatingStore(world.deps.store);
    const relay = createOutboxRelay({
      bus: world.deps.bus,
      collections: [],
      logger: world.deps.logger,
      clock: world.deps.clock,
    });
    const doc = (await store.ratings.findOne({ _id: second.body.ratingId })) as RatingDoc;
    await summarizeRating(store, relay, doc);
    await summarizeRating(store, relay, doc);

    expect((await store.ratings.findOne({ _id: second.body.ratingId }))?._outbox ?? []).toEqual([]);
    const mine = await world.client.get('/users/me/ratings', estate.auth);
    expect(mine.body).toMatchObject({ average: 3.5, count: 2 });
    expect(
      world.published.filter((e) => (e.data as { ratingId: string }).ratingId === second.body.ratingId),
    ).toHaveLength(1);
  });

  test('an older summary written late does not overwrite a newer one', async () => {
    const store = await openRatingStore(world.deps.store);
    const userId = randomUUID();
    await store.summaries.updateOne(
      { _id: userId },
      { $max: { sum: 9, count: 2 }, $set: { role: 'Worker' } },
      { upsert: true },
    );
    await store.summaries.updateOne(
      { _id: userId },
      { $max: { sum: 5, count: 1 }, $set: { role: 'Worker' } },
      { upsert: true },
    );
    const summary = await store.summaries.findOne({ _id: userId });
    expect(averageOf(summary!.sum, summary!.count)).toBe(4.5);
  });

  test('after a crash, the repair job summarizes a committed rating that never got its event, and undoes a half-written bulk', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(3);
    const store = await openRatingStore(world.deps.store);
    const base = {
      vacancyId,
      vacancyTitle: 'Berba malina',
      raterId: estate.id,
      raterRole: 'Estate' as const,
      raterName: 'Voćnjak Petrović',
      ratedRole: 'Worker' as const,
      createdAt: world.deps.clock.now().toISOString(),
      summarized: false,
    };
    const orphan = {
      ...base,
      _id: randomUUID(),
      ratedUserId: workers[0].id,
      grade: 4,
      state: 'committed' as const,
    };
    const halfBatch = {
      ...base,
      _id: randomUUID(),
      ratedUserId: workers[1].id,
      grade: 1,
      state: 'pending' as const,
      batchId: randomUUID(),
    };
    await store.ratings.insertOne(orphan);
    await store.ratings.insertOne(halfBatch);
    // A pending bulk item is neither shown nor counted.
    expect((await world.client.get('/users/me/ratings', workers[1].auth)).body.count).toBe(0);

    world.deps.clock.advance(2 * 60_000);
    const relay = createOutboxRelay({
      bus: world.deps.bus,
      collections: [store.ratings as never],
      logger: world.deps.logger,
      clock: world.deps.clock,
    });
    await repairRatings(store, relay, world.deps.clock, world.deps.logger);
    await relay.flush();

    expect((await world.client.get('/users/me/ratings', workers[0].auth)).body).toMatchObject({
      average: 4,
      count: 1,
    });
    expect(world.published.some((e) => (e.data as { ratingId: string }).ratingId === orphan._id)).toBe(true);
    expect(await store.ratings.findOne({ _id: halfBatch._id })).toBeNull();
    // The undone worker can be rated now.
    expect(
      (await world.client.post(`/users/${workers[1].id}/rate/worker`, { grade: 3, vacancyId }, estate.auth))
        .status,
    ).toBe(201);
  });

  test('an Admin has no ratings page', async () => {
    const admin = await world.user('Admin');
    expect((await world.client.get('/users/me/ratings', admin.auth)).status).toBe(403);
  });
});

test('a damaged stored rating fails loudly instead of reaching /users/me/ratings (STYLE habit 4)', async () => {
  const { estate, vacancyId, workers } = await world.finishedJob(1);
  expect(
    (await world.client.post(`/users/${estate.id}/rate/estate`, { grade: 4, vacancyId }, workers[0].auth))
      .status,
  ).toBe(201);
  const raw = await world.deps.store.collection<{ _id: string }>('ratings');
  await raw.updateMany({ ratedUserId: estate.id }, { $set: { grade: 'Bogus' } });
  const mine = await world.client.get('/users/me/ratings', estate.auth);
  expect(mine.status).toBe(500);
  expect(mine.text).not.toContain('Bogus');
});
