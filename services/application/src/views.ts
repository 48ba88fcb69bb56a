import type { Application, ApplicationMember, ApplicationVacancy, GuestApplication } from '@moba/contracts';
import type { ApplicationDoc, ApplicationStore, GuestApplicationDoc, VacancyDoc, WorkerDoc } from './store';

/** Store documents → the contract shapes (never the outbox, claims or transitions). */

export const applicationView = (doc: ApplicationDoc): Application => ({
  id: doc._id,
  vacancyId: doc.vacancyId,
  workerId: doc.workerId,
  guestApplicationId: doc.guestApplicationId,
  guest: doc.guest,
  peopleCount: doc.peopleCount,
  positions: doc.positions,
  status: doc.status,
  note: doc.note,
  submittedAt: doc.submittedAt,
  decidedAt: doc.decidedAt,
  ...(doc.crew ? { crew: crewMembersView(doc) } : {}),
});

/** The members a leader picked, each accepted or not once decided (null while pending). */
export function crewMembersView(doc: ApplicationDoc): ApplicationMember[] {
  const accepted = doc.acceptedMemberIds ? new Set(doc.acceptedMemberIds) : null;
  return (doc.crew ?? []).map((member) => ({
    id: member.id,
    name: member.name,
    accepted: accepted ? accepted.has(member.id) : null,
  }));
}

export const vacancyView = (doc: VacancyDoc): ApplicationVacancy => ({
  id: doc._id,
  estateId: doc.estateId,
  estateName: doc.estateName,
  title: doc.title,
  municipality: doc.municipality,
  startDate: doc.startDate,
  endDate: doc.endDate,
  status: doc.status,
  totalPositions: doc.totalPositions,
  freePositions: doc.freePositions,
  groupLeadersAccepted: doc.groupLeadersAccepted,
  deleted: doc.deleted,
});

export const workerView = (doc: WorkerDoc) => ({
  id: doc._id,
  fullName: doc.fullName,
  phone: doc.phone,
  municipality: doc.municipality,
  groupLeader: doc.groupLeader,
  groupSize: doc.groupSize,
});

export const guestView = (doc: GuestApplicationDoc): GuestApplication => ({
  id: doc._id,
  firstName: doc.firstName,
  lastName: doc.lastName,
  phone: doc.phone,
  municipality: doc.municipality,
  note: doc.note,
  status: doc.status,
  vacancyIds: doc.vacancyIds,
  createdAt: doc.createdAt,
});

/** Loads documents by id into a map (one query). */
export async function byId<T extends { _id: string }>(
  collection: { find(filter: object): Promise<T[]> },
  ids: (string | null)[],
) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  const docs = wanted.length ? await collection.find({ _id: { $in: wanted } }) : [];
  return new Map(docs.map((doc) => [doc._id, doc]));
}

/**
 * The people behind accepted applications: each one's worker or guest document (two queries, run
 * together) and the name the estate sees, the worker's or the guest's.
 */
export async function applicantsOf(
  store: Pick<ApplicationStore, 'workers' | 'guestApplications'>,
  applications: Pick<ApplicationDoc, 'workerId' | 'guestApplicationId'>[],
) {
  const [workers, guests] = await Promise.all([
    byId(
      store.workers,
      applications.map((a) => a.workerId),
    ),
    byId(
      store.guestApplications,
      applications.map((a) => a.guestApplicationId),
    ),
  ]);
  const workerOf = (a: Pick<ApplicationDoc, 'workerId'>) =>
    a.workerId ? workers.get(a.workerId) : undefined;
  const guestOf = (a: Pick<ApplicationDoc, 'guestApplicationId'>) =>
    a.guestApplicationId ? guests.get(a.guestApplicationId) : undefined;
  const nameOf = (a: Pick<ApplicationDoc, 'workerId' | 'guestApplicationId'>) => {
    const guest = guestOf(a);
    return workerOf(a)?.fullName ?? (guest ? `${guest.firstName} ${guest.lastName}` : '');
  };
  return { workerOf, guestOf, nameOf };
}
