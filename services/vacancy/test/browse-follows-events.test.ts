import { calendarDay, topics } from '@moba/contracts';
import { createTestDeps, eventually, startForTest, testToken, type TestClient } from '@moba/platform/testing';
import { loadVacancyConfig } from '../src/config';
import { createService, type VacancyService } from '../src/service';
import { envelope, validVacancy } from './helpers';

/**
 * Two vacancy instances on one store and one bus (the shared-store deployment, in one process):
 * what one instance writes shows in the other's browse, by events, with no reload.
 */
describe('two vacancy instances: the browse model of each follows the writes of the other', () => {
  const deps = createTestDeps();
  const config = loadVacancyConfig({ NODE_ENV: 'test', SCHEDULER_INTERVAL_MS: '3600000' });
  const instances: { service: VacancyService; client: TestClient; stop: () => Promise<void> }[] = [];
  let worker: Awaited<ReturnType<typeof testToken>>;

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const service = await createService({ ...deps, config });
      instances.push({ service, ...(await startForTest(service)) });
    }
    worker = await testToken('Worker');
  });
  afterAll(async () => {
    for (const instance of instances) await instance.stop();
  });

  const [a, b] = [0, 1].map((i) => () => instances[i]);
  const today = () => calendarDay(deps.clock.now());
  const browse = async (client: TestClient) => {
    const res = await client.post('/workers/vacancies/open', { pageSize: 100 }, worker.auth);
    expect(res.status).toBe(200);
    return res.body.items as { id: string; featured: boolean; freePositions: number; estateName: string }[];
  };
  const inBrowse = (client: TestClient, id: string) => async () =>
    (await browse(client)).find((item) => item.id === id);
  const create = async (client: TestClient, auth: Record<string, string>, overrides = {}) => {
    const res = await client.post('/estates/vacancies/create', validVacancy(today(), overrides), auth);
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  it('shows a vacancy created on A in B, and drops it from B once A deletes it', async () => {
    const estate = await testToken('Estate', { fullName: 'Imanje Dva' });
    const id = await create(a().client, estate.auth);
    await eventually(inBrowse(b().client, id), 'the new vacancy in B');
    expect((await b().client.delete(`/estates/vacancies/${id}`, estate.auth)).status).toBeLessThan(300);
    await eventually(async () => !(await inBrowse(a().client, id)()), 'the deleted vacancy gone from A');
  });

  it('shows a featuring settled on either instance in both', async () => {
    const estate = await testToken('Estate', { fullName: 'Imanje Promo' });
    await create(a().client, estate.auth, { sponsored: true }); // the free promo one
    const paid = await create(a().client, estate.auth, { sponsored: true, title: 'Berba jabuka' });
    const stored = await a().service.context.store.vacancies.findOne({ _id: paid });
    expect(stored?.status).toBe('Pending');
    await deps.bus.publish(
      topics.payment,
      envelope('PaymentSucceeded', 'pay-1', {
        paymentId: 'pay-1',
        purpose: 'featuring',
        vacancyId: paid,
        estateId: estate.id,
        amount: 1500,
      }),
    );
    for (const instance of [a(), b()]) {
      const item = await eventually(inBrowse(instance.client, paid), 'the featured vacancy');
      expect(item.featured).toBe(true);
    }
  });

  it('lowers the free count in both on an acceptance, and a repeated or older count changes nothing', async () => {
    const estate = await testToken('Estate');
    const id = await create(a().client, estate.auth, { numberOfWorkers: 5 });
    await eventually(inBrowse(b().client, id), 'the vacancy in B');
    const accepted = (free: number) =>
      envelope('ApplicationAccepted', id, {
        applicationId: crypto.randomUUID(),
        vacancyId: id,
        freePositions: free,
      });
    const event = accepted(3);
    await deps.bus.publish(topics.application, event);
    await deps.bus.publish(topics.application, event);
    await deps.bus.publish(topics.application, accepted(4));
    for (const instance of [a(), b()]) expect((await inBrowse(instance.client, id)())?.freePositions).toBe(3);
    expect(await a().service.context.store.vacancies.findOne({ _id: id })).toMatchObject({
      freePositions: 3,
    });
  });

  it("shows an estate's new name on its vacancies in both", async () => {
    const estate = await testToken('Estate', { fullName: 'Staro Ime' });
    const id = await create(b().client, estate.auth);
    await eventually(inBrowse(a().client, id), 'the vacancy in A');
    await deps.bus.publish(
      topics.auth,
      envelope('ProfileUpdated', estate.id, { userId: estate.id, role: 'Estate', estateName: 'Novo Ime' }),
    );
    for (const instance of [a(), b()])
      expect((await inBrowse(instance.client, id)())?.estateName).toBe('Novo Ime');
  });
});
