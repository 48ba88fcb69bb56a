import {
  PaymentSucceeded,
  topics,
  VacancyCreated,
  VacancyDeleted,
  VacancyFeatured,
  VacancyStatusChanged,
} from '@moba/contracts';
import { testToken } from '@moba/platform/testing';
import { startPayment, type PaymentHarness } from './helpers';

/** The producers' own event definitions (libs/contracts) against this consumer, and ours against theirs. */
let h: PaymentHarness;
beforeAll(async () => {
  h = await startPayment();
});
afterAll(() => h.stop());

async function createdByVacancyService(featuring: 'none' | 'free' | 'paid') {
  const estate = await testToken('Estate');
  const vacancyId = crypto.randomUUID();
  await h.deps.bus.publish(
    topics.vacancy,
    VacancyCreated.create(vacancyId, {
      vacancyId,
      estateId: estate.id,
      estateName: 'Gazdinstvo Interop',
      title: 'Berba višanja',
      municipality: 'Arilje',
      startDate: '2027-06-01',
      endDate: '2027-06-10',
      totalPositions: 5,
      status: featuring === 'paid' ? 'Pending' : 'Open',
      featuring,
      featured: featuring === 'free',
      groupLeadersAccepted: true,
      paymentType: 'DailyWage',
      dailyWage: 4000,
      createdAt: new Date().toISOString(),
    }),
  );
  return { estate, vacancyId };
}

test("the vacancy service's VacancyCreated gives the owner and featuring choice the payment service checks", async () => {
  const paid = await createdByVacancyService('paid');
  const response = await h.create({ purpose: 'featuring', vacancyId: paid.vacancyId }, paid.estate.auth);
  expect(response.status).toBe(200);
  const page = await h.client.get(h.pathOf(response.text));
  expect(page.text).toContain('Berba višanja');
  const free = await createdByVacancyService('free');
  expect(
    (await h.create({ purpose: 'featuring', vacancyId: free.vacancyId }, free.estate.auth)).text,
  ).toContain('free=1');
});

test("the vacancy service's status, featured and deleted events keep the replica current", async () => {
  const a = await createdByVacancyService('paid');
  await h.deps.bus.publish(
    topics.vacancy,
    VacancyStatusChanged.create(a.vacancyId, {
      vacancyId: a.vacancyId,
      estateId: a.estate.id,
      from: 'Pending',
      to: 'Finished',
    }),
  );
  expect(
    (await h.create({ purpose: 'featuring', vacancyId: a.vacancyId }, a.estate.auth)).headers.get(
      'x-error-code',
    ),
  ).toBe('PAYMENT.NOT_FEATURABLE');
  const b = await createdByVacancyService('paid');
  await h.deps.bus.publish(
    topics.vacancy,
    VacancyFeatured.create(b.vacancyId, {
      vacancyId: b.vacancyId,
      estateId: b.estate.id,
      featured: true,
      reason: 'payment-succeeded',
    }),
  );
  expect(
    (await h.create({ purpose: 'featuring', vacancyId: b.vacancyId }, b.estate.auth)).headers.get(
      'x-error-code',
    ),
  ).toBe('PAYMENT.ALREADY_FEATURED');
  const c = await createdByVacancyService('paid');
  await h.deps.bus.publish(
    topics.vacancy,
    VacancyDeleted.create(c.vacancyId, { vacancyId: c.vacancyId, estateId: c.estate.id }),
  );
  expect((await h.create({ purpose: 'featuring', vacancyId: c.vacancyId }, c.estate.auth)).status).toBe(404);
});

test('a redelivered VacancyCreated changes nothing', async () => {
  const estate = await testToken('Estate');
  const vacancyId = crypto.randomUUID();
  const event = VacancyCreated.create(vacancyId, {
    vacancyId,
    estateId: estate.id,
    estateName: 'X',
    title: 'T',
    municipality: 'Arilje',
    startDate: '2027-06-01',
    endDate: '2027-06-02',
    totalPositions: 1,
    status: 'Pending',
    featuring: 'paid',
    featured: false,
    groupLeadersAccepted: false,
    paymentType: 'ByAgreement',
    createdAt: new Date().toISOString(),
  });
  await h.deps.bus.publish(topics.vacancy, event);
  await h.deps.bus.publish(
    topics.vacancy,
    VacancyStatusChanged.create(vacancyId, { vacancyId, estateId: estate.id, from: 'Pending', to: 'Closed' }),
  );
  await h.deps.bus.publish(topics.vacancy, event);
  expect((await h.create({ purpose: 'featuring', vacancyId }, estate.auth)).headers.get('x-error-code')).toBe(
    'PAYMENT.NOT_FEATURABLE',
  );
});

test('the outcome events the service emits parse with the contract envelopes', async () => {
  const url = (await h.create({ purpose: 'donation', amount: 999, method: 'card' })).text as string;
  const pressed = await h.press(url, 'succeeded');
  const paymentId = new URL(pressed.location as string).searchParams.get('paymentId') as string;
  const event = await h.waitForEvent(paymentId, 'PaymentSucceeded');
  expect(() => PaymentSucceeded.envelope.parse(event)).not.toThrow();
});
