import { randomUUID } from 'node:crypto';
import {
  ApplicationAccepted,
  ApplicationsClosed,
  notificationKeys,
  PaymentSucceeded,
  topics,
  VacancyCreated,
  VacancyStatusChanged,
  type EventEnvelope,
  type Notification,
} from '@moba/contracts';
import { testToken } from '@moba/platform/testing';
import * as events from '../src/messaging/consumed-events';
import { applicationAccepted, startNotification, type StartedNotification } from './helpers';

let svc: StartedNotification;
beforeAll(async () => {
  svc = await startNotification();
});
afterAll(() => svc.stop());

const listOf = async (userId: string): Promise<Notification[]> => {
  const { auth } = await testToken('Worker', { id: userId });
  return (await svc.client.get('/notifications/all', auth)).body;
};

/** Publishes an application event twice (a redelivery) and returns the one notification the user got. */
const onlyNoticeAfterRedelivery = async (event: EventEnvelope, userId: string) => {
  await svc.publish(topics.application, event);
  await svc.publish(topics.application, event);
  const notices = await listOf(userId);
  expect(notices).toHaveLength(1);
  return notices[0];
};

const accepted = (vacancyId: string, estateId: string, workerId: string | null) =>
  applicationAccepted({ vacancyId, estateId }, workerId, { freePositions: 3, totalPositions: 5 });

describe('applications', () => {
  test('an accepted application tells the worker and the estate, with the vacancy id and title as params', async () => {
    const [vacancyId, estateId, workerId] = [randomUUID(), randomUUID(), randomUUID()];
    await svc.publish(
      topics.vacancy,
      events.VacancyCreated.create(vacancyId, { vacancyId, estateId, title: 'Berba malina' }),
    );
    const event = accepted(vacancyId, estateId, workerId);
    await svc.publish(topics.application, event);

    const [toWorker] = await listOf(workerId);
    expect(toWorker).toMatchObject({
      content: {
        key: notificationKeys.applicationAccepted,
        params: { vacancyId, vacancyTitle: 'Berba malina', applicationId: event.data.applicationId },
      },
      actionButtonType: null,
    });
    const [toEstate] = await listOf(estateId);
    expect(toEstate.content).toEqual({
      key: notificationKeys.workerAccepted,
      params: {
        vacancyId,
        vacancyTitle: 'Berba malina',
        applicationId: event.data.applicationId,
        guest: false,
        freePositions: 3,
        totalPositions: 5,
      },
    });
  });

  test("a crew's leader hears who of their members was accepted and who was not", async () => {
    const [vacancyId, estateId, workerId] = [randomUUID(), randomUUID(), randomUUID()];
    await svc.publish(
      topics.vacancy,
      events.VacancyCreated.create(vacancyId, { vacancyId, estateId, title: 'Berba višanja' }),
    );
    const event = events.ApplicationAccepted.create(randomUUID(), {
      ...accepted(vacancyId, estateId, workerId).data,
      positions: 3,
      crew: {
        accepted: [{ name: 'Ana Anić' }, { name: 'Bora Borić' }],
        notAccepted: [{ name: 'Cvijeta Cvetić' }],
      },
    });
    const toLeader = await onlyNoticeAfterRedelivery(event, workerId);
    expect(toLeader.content).toEqual({
      key: notificationKeys.crewAccepted,
      params: {
        vacancyId,
        vacancyTitle: 'Berba višanja',
        applicationId: event.data.applicationId,
        accepted: 'Ana Anić, Bora Borić',
        acceptedCount: 2,
        notAccepted: 'Cvijeta Cvetić',
        notAcceptedCount: 1,
      },
    });
  });

  test('a crew invitation asks the invited worker, once, naming the leader and the member', async () => {
    const { CrewInvitationSent } = await import('@moba/contracts');
    const [invitationId, leaderId, workerId] = [randomUUID(), randomUUID(), randomUUID()];
    const event = CrewInvitationSent.create(invitationId, {
      invitationId,
      leaderId,
      leaderName: 'Vođa Grupe',
      workerId,
      memberName: 'Jelena',
      sentAt: new Date().toISOString(),
    });
    const toWorker = await onlyNoticeAfterRedelivery(event, workerId);
    expect(toWorker.content).toEqual({
      key: notificationKeys.crewInvitation,
      params: { invitationId, leaderName: 'Vođa Grupe', memberName: 'Jelena' },
    });
    expect(await listOf(leaderId)).toEqual([]);
  });

  test('an accepted guest application tells only the estate', async () => {
    const [vacancyId, estateId] = [randomUUID(), randomUUID()];
    await svc.publish(topics.application, accepted(vacancyId, estateId, null));
    const [toEstate] = await listOf(estateId);
    expect(toEstate.content).toMatchObject({ key: notificationKeys.workerAccepted, params: { guest: true } });
  });

  test('a rejected application tells the worker', async () => {
    const [vacancyId, workerId] = [randomUUID(), randomUUID()];
    await svc.publish(
      topics.application,
      events.ApplicationRejected.create(randomUUID(), { applicationId: randomUUID(), vacancyId, workerId }),
    );
    expect((await listOf(workerId)).map((n) => n.content.key)).toEqual([
      notificationKeys.applicationRejected,
    ]);
  });

  test('applications closed because the vacancy stopped taking them tell each worker why; a deletion says it its own way', async () => {
    const [vacancyId, first, second] = [randomUUID(), randomUUID(), randomUUID()];
    await svc.publish(
      topics.application,
      ApplicationsClosed.create(vacancyId, {
        vacancyId,
        applicationIds: [randomUUID(), randomUUID()],
        reason: 'VacancyNotOpen',
        workerIds: [first, second],
      }),
    );
    for (const workerId of [first, second]) {
      expect((await listOf(workerId)).map((n) => n.content)).toEqual([
        { key: notificationKeys.applicationClosed, params: { vacancyId, reason: 'VacancyNotOpen' } },
      ]);
    }
    const gone = randomUUID();
    await svc.publish(
      topics.application,
      ApplicationsClosed.create(vacancyId, {
        vacancyId,
        applicationIds: [randomUUID()],
        reason: 'VacancyDeleted',
        workerIds: [gone],
      }),
    );
    expect(await listOf(gone)).toEqual([]);
  });

  test('a redelivered event creates no second notification, even past the processed-events record', async () => {
    const [vacancyId, estateId, workerId] = [randomUUID(), randomUUID(), randomUUID()];
    const event = accepted(vacancyId, estateId, workerId);
    await svc.publish(topics.application, event);
    await svc.publish(topics.application, event);
    // A crash between storing and recording the event id: the derived id still prevents a duplicate.
    const processed = await svc.deps.store.collection<{ _id: string; eventId: string }>('processed_events');
    await processed.deleteMany({ eventId: event.id });
    await svc.publish(topics.application, event);
    expect(await listOf(workerId)).toHaveLength(1);
    expect(await listOf(estateId)).toHaveLength(1);
  });
});

describe('vacancies', () => {
  async function vacancyWithWorkers(workers: string[]) {
    const [vacancyId, estateId] = [randomUUID(), randomUUID()];
    await svc.publish(
      topics.vacancy,
      events.VacancyCreated.create(vacancyId, { vacancyId, estateId, title: 'Rezidba' }),
    );
    for (const workerId of workers)
      await svc.publish(topics.application, accepted(vacancyId, estateId, workerId));
    return { vacancyId, estateId };
  }

  test('a deleted vacancy tells each of its accepted workers, and no rejected one', async () => {
    const workers = [randomUUID(), randomUUID()];
    const rejected = randomUUID();
    const { vacancyId, estateId } = await vacancyWithWorkers(workers);
    await svc.publish(
      topics.application,
      events.ApplicationRejected.create(randomUUID(), {
        applicationId: randomUUID(),
        vacancyId,
        workerId: rejected,
      }),
    );
    await svc.publish(topics.vacancy, events.VacancyDeleted.create(vacancyId, { vacancyId, estateId }));
    for (const workerId of workers) {
      expect((await listOf(workerId))[0].content).toEqual({
        key: notificationKeys.vacancyDeleted,
        params: { vacancyId, vacancyTitle: 'Rezidba' },
      });
    }
    expect((await listOf(rejected)).map((n) => n.content.key)).toEqual([
      notificationKeys.applicationRejected,
    ]);
  });

  test('a Finished vacancy asks each accepted worker to rate the estate and the estate to rate its workers', async () => {
    const workers = [randomUUID(), randomUUID()];
    const { vacancyId, estateId } = await vacancyWithWorkers(workers);
    await svc.publish(
      topics.vacancy,
      events.VacancyStatusChanged.create(vacancyId, { vacancyId, estateId, from: 'Closed', to: 'Finished' }),
    );
    for (const workerId of workers) {
      expect((await listOf(workerId))[0]).toMatchObject({
        content: { key: notificationKeys.rateEstate, params: { vacancyId } },
        actionButtonType: 'RateEstate',
        actionButtonParamIds: [vacancyId],
      });
    }
    const estateList = await listOf(estateId);
    expect(estateList.filter((n) => n.actionButtonType === 'RateWorkers')).toEqual([
      expect.objectContaining({
        content: { key: notificationKeys.rateWorkers, params: { vacancyId, vacancyTitle: 'Rezidba' } },
        actionButtonParamIds: [vacancyId],
      }),
    ]);
  });

  test('other status changes notify nobody', async () => {
    const workerId = randomUUID();
    const { vacancyId, estateId } = await vacancyWithWorkers([workerId]);
    await svc.publish(
      topics.vacancy,
      events.VacancyStatusChanged.create(vacancyId, { vacancyId, estateId, from: 'Open', to: 'Closed' }),
    );
    expect((await listOf(workerId)).map((n) => n.content.key)).toEqual([
      notificationKeys.applicationAccepted,
    ]);
  });
});

describe('featuring payments', () => {
  test.each([
    ['PaymentSucceeded', notificationKeys.featuringSucceeded],
    ['PaymentFailed', notificationKeys.featuringFailed],
    ['PaymentCancelled', notificationKeys.featuringCancelled],
  ] as const)('%s of a featuring payment tells the estate', async (type, key) => {
    const [vacancyId, estateId, paymentId] = [randomUUID(), randomUUID(), randomUUID()];
    await svc.publish(
      topics.payment,
      events[type].create(paymentId, { paymentId, purpose: 'featuring', vacancyId, estateId, amount: 1500 }),
    );
    expect((await listOf(estateId))[0].content).toEqual({
      key,
      params: { vacancyId, paymentId, amount: 1500 },
    });
  });

  test('a featuring payment without estateId reaches the estate through the vacancy replica', async () => {
    const [vacancyId, estateId, paymentId] = [randomUUID(), randomUUID(), randomUUID()];
    await svc.publish(
      topics.vacancy,
      events.VacancyCreated.create(vacancyId, { vacancyId, estateId, title: 'Berba' }),
    );
    await svc.publish(
      topics.payment,
      events.PaymentSucceeded.create(paymentId, { paymentId, purpose: 'featuring', vacancyId, amount: 1500 }),
    );
    expect((await listOf(estateId)).map((n) => n.content.key)).toEqual([notificationKeys.featuringSucceeded]);
  });

  test('a donation notifies nobody', async () => {
    const [estateId, paymentId] = [randomUUID(), randomUUID()];
    await svc.publish(
      topics.payment,
      events.PaymentSucceeded.create(paymentId, { paymentId, purpose: 'donation', estateId, amount: 5000 }),
    );
    expect(await listOf(estateId)).toEqual([]);
  });
});

test('events of types this service does not read are ignored', async () => {
  await expect(
    svc.publish(topics.application, {
      id: randomUUID(),
      type: 'ApplicationSubmitted',
      version: 1,
      occurredAt: new Date().toISOString(),
      key: randomUUID(),
      data: { anything: true },
    }),
  ).resolves.toBeUndefined();
});

describe('events built with the producers’ own contracts', () => {
  test('are understood (fields and names match the catalogue)', async () => {
    const [vacancyId, estateId, workerId, paymentId] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    await svc.publish(
      topics.vacancy,
      VacancyCreated.create(vacancyId, {
        vacancyId,
        estateId,
        estateName: 'Imanje',
        title: 'Berba jabuka',
        municipality: 'Arilje',
        startDate: '2026-07-01',
        endDate: '2026-07-10',
        totalPositions: 5,
        status: 'Open',
        featuring: 'none',
        featured: false,
        groupLeadersAccepted: true,
        paymentType: 'DailyWage',
        dailyWage: 4000,
        createdAt: new Date().toISOString(),
      }),
    );
    await svc.publish(
      topics.application,
      ApplicationAccepted.create(randomUUID(), {
        applicationId: randomUUID(),
        vacancyId,
        estateId,
        workerId,
        guest: false,
        positions: 1,
        freePositions: 4,
        totalPositions: 5,
      }),
    );
    expect((await listOf(workerId))[0].content.params.vacancyTitle).toBe('Berba jabuka');
    await svc.publish(
      topics.vacancy,
      VacancyStatusChanged.create(vacancyId, {
        vacancyId,
        estateId,
        from: 'Closed',
        to: 'Finished',
      }),
    );
    expect((await listOf(workerId))[0].actionButtonType).toBe('RateEstate');
    await svc.publish(
      topics.payment,
      PaymentSucceeded.create(paymentId, {
        paymentId,
        purpose: 'featuring',
        vacancyId,
        estateId,
        amount: 1500,
        currency: 'RSD',
      }),
    );
    expect((await listOf(estateId)).map((n) => n.content.key)).toContain(notificationKeys.featuringSucceeded);
  });
});
