import {
  ApplicationAccepted,
  ApplicationRejected,
  ApplicationSubmitted,
  ApplicationsClosed,
  CrewUpdated,
  GuestApplicationSubmitted,
  PlacesReleased,
  SmsConfirmationReceived,
  topics,
  VacancyDayOfWorkSet,
  type EventDefinition,
  type EventEnvelope,
} from '@moba/contracts';
import { idempotentHandler, MalformedEventError, type EventBus, type DocumentStore } from '@moba/platform';
import type { z } from 'zod';
import type { AppContext } from '../context';
import {
  ProfileUpdated,
  UserRegistered,
  VacancyCreated,
  VacancyDeleted,
  VacancyFeatured,
  VacancyReviewChanged,
  VacancyStatusChanged,
} from './foreign-events';
import { recordProfileUpdated, recordUserRegistered } from '../replicate-users/replicate-users';
import {
  recordVacancyCreated,
  recordVacancyDeleted,
  recordVacancyFeatured,
  recordVacancyReviewChanged,
  recordVacancyStatusChanged,
} from '../replicate-vacancies/replicate-vacancies';
import { replicateDayOfWork } from '../replicate-vacancies/replicate-day-of-work';
import { applicationDeltas } from '../domain/stats';
import { inviteCrewMembers } from '../invite-crew-members/invite-crew-members';
import { applyStatsDelta } from '../stats/stats';
import { handlePlacesReleased } from '../release-places/places-released';
import { recordPlacement } from '../worker-reliability/worker-reliability';
import { answerBySms } from '../answer-confirmation/answer-confirmation';

export const CONSUMER_GROUP = 'application';

type Route = {
  definition: EventDefinition<z.ZodType>;
  handle: (ctx: AppContext, event: EventEnvelope<never>) => Promise<void>;
};
const on = <T extends z.ZodType>(
  definition: EventDefinition<T>,
  handle: (ctx: AppContext, event: EventEnvelope<z.infer<T>>) => Promise<void>,
): Route => ({
  definition: definition as unknown as EventDefinition<z.ZodType>,
  handle,
});

/** Thin handlers: parse the envelope with the event's schema, call the use case. Other types are ignored. */
const routes: Record<string, Route[]> = {
  [topics.auth]: [on(UserRegistered, recordUserRegistered), on(ProfileUpdated, recordProfileUpdated)],
  [topics.vacancy]: [
    on(VacancyCreated, recordVacancyCreated),
    on(VacancyStatusChanged, recordVacancyStatusChanged),
    on(VacancyDeleted, recordVacancyDeleted),
    on(VacancyFeatured, recordVacancyFeatured),
    on(VacancyReviewChanged, recordVacancyReviewChanged),
    on(VacancyDayOfWorkSet, replicateDayOfWork),
  ],
  // This service's own events feed the stats read model and invite the workers a crew names.
  [topics.application]: [
    on(CrewUpdated, (ctx, e) => inviteCrewMembers(ctx, e.data.leaderId)),
    on(ApplicationSubmitted, (ctx, e) =>
      applyStatsDelta(ctx.store, e.id, applicationDeltas.submitted()).then(() => undefined),
    ),
    on(ApplicationAccepted, async (ctx, e) => {
      await applyStatsDelta(ctx.store, e.id, applicationDeltas.accepted(e.data.guest, e.data.positions));
      if (e.data.workerId) await recordPlacement(ctx, e.data.workerId, e.id);
    }),
    // Standby (issue #31): a release offers the freed places and counts in the worker's reliability.
    on(PlacesReleased, handlePlacesReleased),
    on(ApplicationRejected, (ctx, e) =>
      applyStatsDelta(ctx.store, e.id, applicationDeltas.rejected()).then(() => undefined),
    ),
    on(ApplicationsClosed, (ctx, e) =>
      applyStatsDelta(
        ctx.store,
        e.id,
        applicationDeltas.closed(
          e.data.applicationIds.length,
          e.data.acceptedApplicationIds?.length ?? 0,
          e.data.acceptedPositions ?? 0,
        ),
      ).then(() => undefined),
    ),
    on(GuestApplicationSubmitted, (ctx, e) =>
      applyStatsDelta(ctx.store, e.id, applicationDeltas.guestSubmitted()).then(() => undefined),
    ),
  ],
  // A worker's DA / NE by SMS, recognised by the notification service.
  [topics.notification]: [
    on(SmsConfirmationReceived, (ctx, e) => answerBySms(ctx, e.data).then(() => undefined)),
  ],
};

export async function subscribeAll(ctx: AppContext, bus: EventBus, store: DocumentStore) {
  for (const [topic, topicRoutes] of Object.entries(routes)) {
    const routeOf = (event: EventEnvelope) =>
      topicRoutes.find((r) => r.definition.type === event.type && r.definition.version === event.version);
    const handles = (event: EventEnvelope) => routeOf(event) !== undefined;
    const handler = await idempotentHandler(
      store,
      `${CONSUMER_GROUP}:${topic}`,
      async (event) => {
        const route = routeOf(event)!; // `handles` let only routed events through
        const parsed = route.definition.envelope.safeParse(event);
        if (!parsed.success) {
          ctx.logger.error(
            { eventId: event.id, type: event.type, issues: parsed.error.issues },
            'malformed event',
          );
          throw new MalformedEventError(`malformed ${event.type} event ${event.id}`);
        }
        await route.handle(ctx, parsed.data as EventEnvelope<never>);
      },
      { handles },
    );
    await bus.subscribe(topic, CONSUMER_GROUP, handler);
  }
}
