import { DuplicateKeyError } from '@moba/platform';
import type { NotificationStore, ReplicaMeeting, VacancyReplicaDoc } from '../store';

/**
 * Keeps a moba's meeting details on the vacancy replica (issue #31). The latest `setAt` wins, so a
 * late older value changes nothing. Private: only the accepted person's notification and SMS read them.
 */
export async function rememberMeeting(
  store: Pick<NotificationStore, 'vacancies'>,
  facts: { vacancyId: string; estateId: string; meeting: ReplicaMeeting | null; setAt: string },
) {
  const change = { $set: { estateId: facts.estateId, meeting: facts.meeting, meetingSetAt: facts.setAt } };
  const newer = {
    _id: facts.vacancyId,
    $or: [{ meetingSetAt: { $exists: false } }, { meetingSetAt: { $lt: facts.setAt } }],
  };
  if ((await store.vacancies.updateOne(newer, change)) > 0) return;
  if (await store.vacancies.findOne({ _id: facts.vacancyId })) return;
  try {
    await store.vacancies.insertOne({
      _id: facts.vacancyId,
      acceptedWorkerIds: [],
      estateId: facts.estateId,
      meeting: facts.meeting,
      meetingSetAt: facts.setAt,
    } satisfies VacancyReplicaDoc);
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    await store.vacancies.updateOne(newer, change);
  }
}
