import { topics } from '@moba/contracts';
import { addDays, envelope, startVacancy, type VacancyHarness } from './helpers';

const DAY = 86_400_000;
let h: VacancyHarness;
beforeEach(async () => {
  h = await startVacancy();
});
afterEach(() => h.stop());

const statusOf = async (auth: Record<string, string>, id: string) =>
  (
    (await h.client.get('/estates/vacancies/all', auth)).body as {
      id: string;
      status: string;
      featured: boolean;
      freePositions: number;
    }[]
  ).find((v) => v.id === id)!;
const payment = (
  type: string,
  vacancyId: string,
  estateId: string,
  paymentId: string = crypto.randomUUID(),
) =>
  envelope(type, paymentId, {
    paymentId,
    purpose: 'featuring',
    vacancyId,
    estateId,
    amount: 1500,
    currency: 'RSD',
  });
const accepted = (
  vacancyId: string,
  estateId: string,
  freePositions: number,
  totalPositions = 5,
  id?: string,
) =>
  envelope(
    'ApplicationAccepted',
    crypto.randomUUID(),
    {
      applicationId: crypto.randomUUID(),
      vacancyId,
      estateId,
      workerId: crypto.randomUUID(),
      guest: false,
      positions: 1,
      freePositions,
      totalPositions,
    },
    id,
  );

/** A sponsored vacancy that is not the estate's first in the promo: Pending. */
async function pendingVacancy() {
  const estate = await h.estate();
  await h.create(estate.auth);
  const id = await h.create(estate.auth, { sponsored: true });
  expect((await statusOf(estate.auth, id)).status).toBe('Pending');
  return { estate, id };
}

describe('status transitions by the clock', () => {
  it('keeps a vacancy Open through its start day, closes it the day after, finishes it after the end date', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, {
      startDate: addDays(h.today(), 2),
      endDate: addDays(h.today(), 4),
    });
    h.deps.clock.advance(2 * DAY);
    await h.service.runStatusJob();
    expect((await statusOf(estate.auth, id)).status).toBe('Open');
    h.deps.clock.advance(DAY);
    await h.service.runStatusJob();
    expect((await statusOf(estate.auth, id)).status).toBe('Closed');
    h.deps.clock.advance(DAY);
    await h.service.runStatusJob();
    expect((await statusOf(estate.auth, id)).status).toBe('Closed');
    h.deps.clock.advance(DAY);
    await h.service.runStatusJob();
    expect((await statusOf(estate.auth, id)).status).toBe('Finished');
    const changes = (await h.eventsOf('VacancyStatusChanged', id)).map((e) => e.data);
    expect(changes).toEqual([
      expect.objectContaining({
        vacancyId: id,
        estateId: estate.id,
        from: 'Open',
        to: 'Closed',
        reason: 'started',
      }),
      expect.objectContaining({
        vacancyId: id,
        estateId: estate.id,
        from: 'Closed',
        to: 'Finished',
        reason: 'ended',
      }),
    ]);
  });

  it('finishes an Open vacancy directly when the clock jumps past its end date', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { startDate: h.today(), endDate: h.today() });
    h.deps.clock.advance(3 * DAY);
    await h.service.runStatusJob();
    expect((await statusOf(estate.auth, id)).status).toBe('Finished');
    expect((await h.eventsOf('VacancyStatusChanged', id)).map((e) => (e.data as { to: string }).to)).toEqual([
      'Finished',
    ]);
  });

  it('is idempotent: running the job again, or twice at once, changes and emits nothing more', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { startDate: h.today(), endDate: addDays(h.today(), 1) });
    h.deps.clock.advance(5 * DAY);
    await Promise.all([h.service.runStatusJob(), h.service.runStatusJob()]);
    await h.service.runStatusJob();
    expect(await h.eventsOf('VacancyStatusChanged', id)).toHaveLength(1);
  });

  it('drops a vacancy from the open list once it closes', async () => {
    const estate = await h.estate();
    const worker = await import('@moba/platform/testing').then((t) => t.testToken('Worker'));
    const id = await h.create(estate.auth, { startDate: h.today(), endDate: addDays(h.today(), 5) });
    const ids = async () =>
      ((await h.client.post('/workers/vacancies/open', {}, worker.auth)).body.items as { id: string }[]).map(
        (v) => v.id,
      );
    expect(await ids()).toContain(id);
    h.deps.clock.advance(DAY);
    await h.service.runStatusJob();
    expect(await ids()).not.toContain(id);
  });
});

describe('featuring outcomes from payment events', () => {
  it('features and opens a Pending vacancy when the payment succeeds', async () => {
    const { estate, id } = await pendingVacancy();
    await h.deliver(topics.payment, payment('PaymentSucceeded', id, estate.id));
    expect(await statusOf(estate.auth, id)).toMatchObject({ status: 'Open', featured: true });
    expect((await h.eventsOf('VacancyFeatured', id)).map((e) => e.data)).toEqual([
      expect.objectContaining({
        vacancyId: id,
        estateId: estate.id,
        featured: true,
        reason: 'payment-succeeded',
      }),
    ]);
    expect((await h.eventsOf('VacancyStatusChanged', id)).map((e) => e.data)).toEqual([
      expect.objectContaining({ from: 'Pending', to: 'Open' }),
    ]);
  });

  it.each([['PaymentFailed'], ['PaymentCancelled']])(
    'opens a Pending vacancy without featuring on %s',
    async (type) => {
      const { estate, id } = await pendingVacancy();
      await h.deliver(topics.payment, payment(type, id, estate.id));
      expect(await statusOf(estate.auth, id)).toMatchObject({ status: 'Open', featured: false });
      expect((await h.eventsOf('VacancyFeatured', id))[0].data).toMatchObject({ featured: false });
    },
  );

  it('opens a Pending vacancy not featured after 30 minutes without a payment outcome', async () => {
    const { estate, id } = await pendingVacancy();
    h.deps.clock.advance(29 * 60_000);
    await h.service.runStatusJob();
    expect((await statusOf(estate.auth, id)).status).toBe('Pending');
    h.deps.clock.advance(2 * 60_000);
    await h.service.runStatusJob();
    expect(await statusOf(estate.auth, id)).toMatchObject({ status: 'Open', featured: false });
    expect((await h.eventsOf('VacancyStatusChanged', id))[0].data).toMatchObject({
      from: 'Pending',
      to: 'Open',
      reason: 'payment-timeout',
    });
  });

  it('still features a vacancy whose payment succeeds after the timeout opened it', async () => {
    const { estate, id } = await pendingVacancy();
    h.deps.clock.advance(31 * 60_000);
    await h.service.runStatusJob();
    await h.deliver(topics.payment, payment('PaymentSucceeded', id, estate.id));
    expect(await statusOf(estate.auth, id)).toMatchObject({ status: 'Open', featured: true });
  });

  it('applies a redelivered payment event once and ignores donations and unknown vacancies', async () => {
    const { estate, id } = await pendingVacancy();
    const event = payment('PaymentSucceeded', id, estate.id);
    await h.deliver(topics.payment, event);
    await h.deliver(topics.payment, { ...event, id: crypto.randomUUID() });
    await h.deliver(
      topics.payment,
      envelope('PaymentSucceeded', crypto.randomUUID(), {
        paymentId: crypto.randomUUID(),
        purpose: 'donation',
        amount: 500,
        currency: 'RSD',
      }),
    );
    await h.deliver(topics.payment, payment('PaymentSucceeded', crypto.randomUUID(), estate.id));
    expect(await h.eventsOf('VacancyFeatured', id)).toHaveLength(1);
  });

  it('does not unfeature a featured vacancy when a later attempt fails', async () => {
    const { estate, id } = await pendingVacancy();
    await h.deliver(topics.payment, payment('PaymentSucceeded', id, estate.id));
    await h.deliver(topics.payment, payment('PaymentFailed', id, estate.id));
    expect(await statusOf(estate.auth, id)).toMatchObject({ status: 'Open', featured: true });
  });
});

describe('free positions from ApplicationAccepted', () => {
  it('counts an acceptance redelivered twice once', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { numberOfWorkers: 5 });
    const event = accepted(id, estate.id, 3);
    await h.deliver(topics.application, event);
    await h.deliver(topics.application, event);
    await h.deliver(topics.application, event);
    expect((await statusOf(estate.auth, id)).freePositions).toBe(3);
  });

  it('keeps the lowest count when an older acceptance arrives late', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { numberOfWorkers: 5 });
    await h.deliver(topics.application, accepted(id, estate.id, 2));
    await h.deliver(topics.application, accepted(id, estate.id, 4));
    expect((await statusOf(estate.auth, id)).freePositions).toBe(2);
  });

  it('closes the vacancy when no position is left, as filled', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { numberOfWorkers: 2 });
    await h.deliver(topics.application, accepted(id, estate.id, 0, 2));
    expect(await statusOf(estate.auth, id)).toMatchObject({
      status: 'Closed',
      freePositions: 0,
      filled: true,
    });
    expect((await h.eventsOf('VacancyStatusChanged', id))[0].data).toMatchObject({
      from: 'Open',
      to: 'Closed',
      reason: 'full',
    });
  });

  it('counts a guest placed by an admin (GuestApplicationAccepted) as well', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { numberOfWorkers: 3 });
    await h.deliver(
      topics.application,
      envelope('GuestApplicationAccepted', crypto.randomUUID(), {
        guestApplicationId: crypto.randomUUID(),
        applicationId: crypto.randomUUID(),
        vacancyId: id,
        freePositions: 2,
      }),
    );
    expect((await statusOf(estate.auth, id)).freePositions).toBe(2);
  });

  it('lets the status job close a full vacancy left Open (a stop between the count and the close)', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { numberOfWorkers: 2 });
    await h.service.context.store.vacancies.updateOne({ _id: id }, { $set: { freePositions: 0 } });
    await h.service.runStatusJob();
    expect((await statusOf(estate.auth, id)).status).toBe('Closed');
    expect((await h.eventsOf('VacancyStatusChanged', id))[0].data).toMatchObject({
      to: 'Closed',
      reason: 'full',
    });
  });

  it('shows the new free count in the open list at once', async () => {
    const estate = await h.estate();
    const worker = await import('@moba/platform/testing').then((t) => t.testToken('Worker'));
    const id = await h.create(estate.auth, { numberOfWorkers: 5 });
    await h.deliver(topics.application, accepted(id, estate.id, 1));
    const item = (
      (await h.client.post('/workers/vacancies/open', {}, worker.auth)).body.items as { id: string }[]
    ).find((v) => v.id === id);
    expect(item).toMatchObject({ freePositions: 1, totalPositions: 5 });
  });
});
