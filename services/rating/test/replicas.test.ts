import { openRatingStore } from '../src/store';
import { startRating, type World } from './support';

let world: World;
beforeAll(async () => {
  world = await startRating();
});
afterAll(() => world.stop());

describe("replicas kept from other services' events", () => {
  test('a redelivered VacancyCreated does not undo a later Finished status', async () => {
    const estate = await world.user('Estate');
    const vacancyId = await world.vacancy(estate.id);
    const store = await openRatingStore(world.deps.store);
    const created = world.envelope('VacancyCreated', vacancyId, {
      vacancyId,
      estateId: estate.id,
      estateName: 'Imanje',
      title: 'Novi naslov',
      status: 'Open',
      endDate: '2026-07-10',
    });
    await world.finish(vacancyId, estate.id);
    await world.publish('vacancy.v1', created); // a different event id: the handler itself must be safe
    const vacancy = await store.vacancies.findOne({ _id: vacancyId });
    expect(vacancy).toMatchObject({ status: 'Finished', title: 'Novi naslov', deleted: false });
  });

  test('the same event delivered twice is applied once', async () => {
    const estate = await world.user('Estate');
    const vacancyId = await world.vacancy(estate.id);
    const finished = await world.finish(vacancyId, estate.id);
    await world.statusChanged(vacancyId, estate.id, 'Finished', 'Closed');
    await world.publish('vacancy.v1', finished); // redelivery of an already processed event
    const store = await openRatingStore(world.deps.store);
    expect((await store.vacancies.findOne({ _id: vacancyId }))?.status).toBe('Closed');
  });

  test('a status change older than the one applied is ignored', async () => {
    const estate = await world.user('Estate');
    const vacancyId = await world.vacancy(estate.id);
    const older = world.envelope('VacancyStatusChanged', vacancyId, {
      vacancyId,
      estateId: estate.id,
      from: 'Open',
      to: 'Closed',
    });
    world.deps.clock.advance(1000);
    await world.finish(vacancyId, estate.id);
    await world.publish('vacancy.v1', older);
    const store = await openRatingStore(world.deps.store);
    expect((await store.vacancies.findOne({ _id: vacancyId }))?.status).toBe('Finished');
  });

  test('a status change arriving before VacancyCreated is kept when the creation arrives', async () => {
    const estate = await world.user('Estate');
    const vacancyId = crypto.randomUUID();
    await world.finish(vacancyId, estate.id);
    await world.publish(
      'vacancy.v1',
      world.envelope('VacancyCreated', vacancyId, {
        vacancyId,
        estateId: estate.id,
        title: 'Kasni',
        status: 'Open',
        endDate: '2026-07-10',
      }),
    );
    const store = await openRatingStore(world.deps.store);
    expect(await store.vacancies.findOne({ _id: vacancyId })).toMatchObject({
      status: 'Finished',
      title: 'Kasni',
    });
  });

  test('ProfileUpdated renames the user; an older UserRegistered redelivered later does not undo it', async () => {
    const store = await openRatingStore(world.deps.store);
    const estate = await world.user('Estate', { fullName: 'Stari Vlasnik', estateName: 'Staro imanje' });
    const lateRegistration = world.envelope('UserRegistered', estate.id, {
      userId: estate.id,
      role: 'Estate',
      fullName: 'Stari Vlasnik',
      estateName: 'Staro imanje',
    });
    world.deps.clock.advance(1000);
    await world.publish(
      'auth.v1',
      world.envelope('ProfileUpdated', estate.id, {
        userId: estate.id,
        role: 'Estate',
        fullName: 'Novi Vlasnik',
        phone: '+381601234567',
        groupLeader: false,
        groupSize: 0,
        estateName: 'Novo imanje',
      }),
    );
    await world.publish('auth.v1', lateRegistration);
    expect(await store.users.findOne({ _id: estate.id })).toMatchObject({
      fullName: 'Novi Vlasnik',
      estateName: 'Novo imanje',
    });
  });

  test('events of other types on the same topics are ignored', async () => {
    const before = await (await openRatingStore(world.deps.store)).vacancies.count({});
    await world.publish(
      'vacancy.v1',
      world.envelope('VacancyFeatured', crypto.randomUUID(), {
        vacancyId: crypto.randomUUID(),
        featured: true,
      }),
    );
    await world.publish(
      'application.v1',
      world.envelope('ApplicationRejected', crypto.randomUUID(), { applicationId: crypto.randomUUID() }),
    );
    expect(await (await openRatingStore(world.deps.store)).vacancies.count({})).toBe(before);
  });

  test('a deleted vacancy can no longer be rated', async () => {
    const { estate, vacancyId, workers } = await world.finishedJob(1);
    await world.deleted(vacancyId, estate.id);
    const res = await world.client.post(
      `/users/${estate.id}/rate/estate`,
      { grade: 5, vacancyId },
      workers[0].auth,
    );
    expect(res.status).toBe(404);
  });
});
