import { randomUUID } from 'node:crypto';
import { topics, type EventEnvelope } from '@moba/contracts';
import { createTestDeps, startForTest, testToken } from '@moba/platform/testing';
import type { Role } from '@moba/contracts';
import { createService, ratingConfigSchema } from '../src';

/**
 * Test harness: the rating service on port 0 with memory adapters. Other services appear only as the
 * events they publish (full catalogue shapes, built here), never as code.
 */
export async function startRating() {
  const deps = createTestDeps();
  const config = ratingConfigSchema.parse({});
  const service = await createService({ ...deps, config });
  const { client, stop } = await startForTest(service);
  const published: EventEnvelope[] = [];
  await deps.bus.subscribe(topics.rating, 'test-observer', async (event) => {
    published.push(event);
  });

  const envelope = (type: string, key: string, data: Record<string, unknown>): EventEnvelope => ({
    id: randomUUID(),
    type,
    version: 1,
    occurredAt: deps.clock.now().toISOString(),
    key,
    data,
  });
  const publish = async (topic: string, event: EventEnvelope) => {
    await deps.bus.publish(topic, event);
    return event;
  };

  const world = {
    deps,
    client,
    stop,
    published,
    envelope,
    publish,

    async user(role: Role, fields: { fullName?: string; estateName?: string } = {}) {
      const session = await testToken(role, {
        fullName: fields.fullName ?? `${role} ${randomUUID().slice(0, 4)}`,
      });
      if (role !== 'Admin') {
        const fullName = fields.fullName ?? `${role} person`;
        await publish(
          topics.auth,
          envelope('UserRegistered', session.id, {
            userId: session.id,
            role,
            email: `${session.id}@example.com`,
            fullName,
            firstName: fullName.split(' ')[0],
            lastName: fullName.split(' ').slice(1).join(' ') || 'X',
            phone: '+381601234567',
            region: 'RS',
            municipality: 'Subotica',
            groupLeader: false,
            groupSize: 0,
            ...(role === 'Estate' ? { estateName: fields.estateName ?? 'Imanje Test' } : {}),
            language: 'sr',
            registeredAt: deps.clock.now().toISOString(),
          }),
        );
      }
      return session;
    },

    async vacancy(
      estateId: string,
      fields: {
        title?: string;
        status?: string;
        endDate?: string;
        offers?: { food: boolean; transport: boolean; accommodation: boolean };
      } = {},
    ) {
      const vacancyId = randomUUID();
      await publish(
        topics.vacancy,
        envelope('VacancyCreated', vacancyId, {
          vacancyId,
          estateId,
          estateName: 'Imanje Test',
          title: fields.title ?? 'Berba malina',
          municipality: 'Arilje',
          startDate: '2026-07-01',
          endDate: fields.endDate ?? '2026-07-10',
          totalPositions: 10,
          status: fields.status ?? 'Open',
          featuring: 'none',
          featured: false,
          groupLeadersAccepted: true,
          paymentType: 'DailyWage',
          dailyWage: 4000,
          ...(fields.offers
            ? {
                foodProvided: fields.offers.food,
                transportProvided: fields.offers.transport,
                accommodationProvided: fields.offers.accommodation,
              }
            : {}),
          createdAt: deps.clock.now().toISOString(),
        }),
      );
      return vacancyId;
    },

    statusChanged(vacancyId: string, estateId: string, from: string, to: string) {
      return publish(
        topics.vacancy,
        envelope('VacancyStatusChanged', vacancyId, { vacancyId, estateId, from, to }),
      );
    },

    finish(vacancyId: string, estateId: string) {
      return world.statusChanged(vacancyId, estateId, 'Closed', 'Finished');
    },

    deleted(vacancyId: string, estateId: string) {
      return publish(topics.vacancy, envelope('VacancyDeleted', vacancyId, { vacancyId, estateId }));
    },

    accept(vacancyId: string, estateId: string, workerId: string | null, guest = false) {
      const applicationId = randomUUID();
      return publish(
        topics.application,
        envelope('ApplicationAccepted', applicationId, {
          applicationId,
          vacancyId,
          estateId,
          workerId,
          guest,
          positions: 1,
          freePositions: 5,
          totalPositions: 10,
        }),
      );
    },

    /** An estate with a Finished vacancy and `workers` accepted registered workers. */
    async finishedJob(
      workers = 1,
      options: {
        finished?: boolean;
        title?: string;
        offers?: { food: boolean; transport: boolean; accommodation: boolean };
        estate?: Awaited<ReturnType<typeof testToken>>;
        workers?: Awaited<ReturnType<typeof testToken>>[];
      } = {},
    ) {
      const estate =
        options.estate ??
        (await world.user('Estate', {
          fullName: 'Petar Vlasnik',
          estateName: 'Voćnjak Petrović',
        }));
      const vacancyId = await world.vacancy(estate.id, {
        title: options.title ?? 'Berba malina',
        ...(options.offers ? { offers: options.offers } : {}),
      });
      const accepted = [];
      for (let i = 0; i < workers; i++) {
        const worker = options.workers?.[i] ?? (await world.user('Worker', { fullName: `Radnik ${i + 1}` }));
        await world.accept(vacancyId, estate.id, worker.id);
        accepted.push(worker);
      }
      if (options.finished !== false) await world.finish(vacancyId, estate.id);
      return { estate, vacancyId, workers: accepted };
    },
  };
  return world;
}
export type World = Awaited<ReturnType<typeof startRating>>;
