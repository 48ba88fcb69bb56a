import { insertIfNew } from '@moba/platform';
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
  const replica: VacancyReplicaDoc = {
    _id: facts.vacancyId,
    acceptedWorkerIds: [],
    estateId: facts.estateId,
    meeting: facts.meeting,
    meetingSetAt: facts.setAt,
  };
  if (!(await insertIfNew(store.vacancies, replica))) await store.vacancies.updateOne(newer, change);
}
