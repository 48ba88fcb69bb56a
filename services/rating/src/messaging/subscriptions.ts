import { idempotentHandler, type DocumentStore, type EventBus } from '@moba/platform';
import { topics, WorkerAttendanceRecorded, type EventDefinition, type EventEnvelope } from '@moba/contracts';
import type { z } from 'zod';
import {
  ApplicationAcceptedRead,
  AttendanceMarkedRead,
  PlacesReleasedRead,
  ProfileUpdatedRead,
  UserRegisteredRead,
  VacancyCreatedRead,
  VacancyDeletedRead,
  VacancyStatusChangedRead,
} from './consumed-events';
import { recordAttendanceCount } from '../record-attendance/record-attendance';
import {
  recordParticipant,
  recordReleased,
  recordUser,
  recordVacancyCreated,
  recordVacancyDeleted,
  recordVacancyStatus,
} from '../keep-replicas/keep-replicas';
import type { RatingStore } from '../store';
import { recordAttendance } from '../keep-promise-figures/keep-promise-figures';

export const RATING_CONSUMER_GROUP = 'rating';

type Handlers = Record<string, (event: EventEnvelope) => Promise<void>>;

/** Parses the envelope's data with the reader's schema; a malformed event fails (and is retried, then dead-lettered). */
const on = <T extends z.ZodType>(
  definition: EventDefinition<T>,
  handle: (data: z.infer<T>, event: EventEnvelope) => Promise<void>,
) => ({
  [definition.type]: (event: EventEnvelope) => handle(definition.data.parse(event.data), event),
});

/** Thin event handlers: one per consumed event type, each calling a replica use case. */
export async function subscribeRating(bus: EventBus, documents: DocumentStore, store: RatingStore) {
  const byTopic: Record<string, Handlers> = {
    [topics.auth]: {
      ...on(UserRegisteredRead, (data, event) => recordUser(store, data, event.occurredAt)),
      ...on(ProfileUpdatedRead, (data, event) => recordUser(store, data, event.occurredAt)),
    },
    [topics.vacancy]: {
      ...on(VacancyCreatedRead, (data) => recordVacancyCreated(store, data)),
      ...on(VacancyStatusChangedRead, (data, event) => recordVacancyStatus(store, data, event.occurredAt)),
      ...on(VacancyDeletedRead, (data) => recordVacancyDeleted(store, data)),
    },
    [topics.application]: {
      ...on(ApplicationAcceptedRead, (data, event) => recordParticipant(store, data, event.occurredAt)),
      ...on(AttendanceMarkedRead, (data, event) => recordAttendanceCount(store, data, event.occurredAt)),
      ...on(WorkerAttendanceRecorded, (data) => recordAttendance(store, data)),
      ...on(PlacesReleasedRead, (data) => recordReleased(store, data)),
    },
  };
  for (const [topic, handlers] of Object.entries(byTopic)) {
    const handler = await idempotentHandler(
      documents,
      `rating:${topic}`,
      async (event) => {
        await handlers[event.type](event);
      },
      { handles: (event) => Object.hasOwn(handlers, event.type) }, // other types are not ours to read
    );
    await bus.subscribe(topic, RATING_CONSUMER_GROUP, handler);
  }
}
