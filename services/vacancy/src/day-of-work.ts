import {
  defaultConfirmationSettings,
  topics,
  VacancyDayOfWorkSet,
  type DayOfWorkSettings,
} from '@moba/contracts';
import type { PendingEvent } from '@moba/platform';
import type { StoredDayOfWork, VacancyDoc } from './domain/vacancy';

/* A vacancy's day-of-work value and its event, as creating a vacancy and setting the day of work write them. */

/** The stored value from the create form's optional part: defaults for confirmation, meeting null. */
export const dayOfWorkFrom = (settings: DayOfWorkSettings | undefined, setAt: string): StoredDayOfWork => ({
  meeting: settings?.meeting ?? null,
  confirmation: settings?.confirmation ?? defaultConfirmationSettings,
  setAt,
});

/** The event that carries a vacancy's current day-of-work value. */
export function dayOfWorkSetEvent(
  doc: Pick<VacancyDoc, '_id' | 'estateId'>,
  dayOfWork: StoredDayOfWork,
  occurredAt: Date,
): PendingEvent {
  return {
    topic: topics.vacancy,
    event: VacancyDayOfWorkSet.create(
      doc._id,
      { vacancyId: doc._id, estateId: doc.estateId, ...dayOfWork },
      { occurredAt },
    ),
  };
}
