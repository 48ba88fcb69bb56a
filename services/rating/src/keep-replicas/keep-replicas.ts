import { DuplicateKeyError } from '@moba/platform';
import type { RatingStore } from '../store';

/**
 * The small replicas this service keeps from other services' events. Every write is safe to repeat
 * (upserts keyed by the aggregate id) and ignores an event older than what is already applied, so a
 * late redelivery cannot undo a newer change.
 */

const ignoreDuplicate = (error: unknown) => {
  if (!(error instanceof DuplicateKeyError)) throw error;
};

export async function recordUser(
  store: RatingStore,
  user: { userId: string; role: string; fullName: string; estateName?: string | null },
  occurredAt: string,
) {
  const fields = {
    role: user.role,
    fullName: user.fullName,
    updatedAt: occurredAt,
    ...(user.estateName ? { estateName: user.estateName } : {}),
  };
  try {
    // Newer-or-equal only: an existing newer document does not match, so the upsert tries to insert and meets the _id.
    await store.users.updateOne(
      { _id: user.userId, $or: [{ updatedAt: { $lte: occurredAt } }, { updatedAt: { $exists: false } }] },
      { $set: fields }, // an event without estateName keeps the one known
      { upsert: true },
    );
  } catch (error) {
    ignoreDuplicate(error);
  }
}

export async function recordVacancyCreated(
  store: RatingStore,
  vacancy: {
    vacancyId: string;
    estateId: string;
    estateName?: string | null;
    title: string;
    status: string;
    endDate?: string | null;
    foodProvided?: boolean | null;
    transportProvided?: boolean | null;
    accommodationProvided?: boolean | null;
  },
) {
  const known = (flag: boolean | null | undefined) => typeof flag === 'boolean';
  const descriptive = {
    estateId: vacancy.estateId,
    title: vacancy.title,
    ...(vacancy.estateName ? { estateName: vacancy.estateName } : {}),
    ...(vacancy.endDate ? { endDate: vacancy.endDate } : {}),
    ...(known(vacancy.foodProvided) &&
    known(vacancy.transportProvided) &&
    known(vacancy.accommodationProvided)
      ? {
          offers: {
            food: vacancy.foodProvided!,
            transport: vacancy.transportProvided!,
            accommodation: vacancy.accommodationProvided!,
          },
        }
      : {}),
  };
  const existing = await store.vacancies.findOne({ _id: vacancy.vacancyId });
  if (!existing) {
    try {
      await store.vacancies.insertOne({
        _id: vacancy.vacancyId,
        ...descriptive,
        status: vacancy.status,
        deleted: false,
      });
      return;
    } catch (error) {
      ignoreDuplicate(error);
    }
  }
  // Already known (a redelivery, or a status change that arrived first): keep its status.
  await store.vacancies.updateOne({ _id: vacancy.vacancyId }, { $set: descriptive });
}

export async function recordVacancyStatus(
  store: RatingStore,
  change: { vacancyId: string; estateId: string; to: string; title?: string | null },
  occurredAt: string,
) {
  try {
    await store.vacancies.updateOne(
      { _id: change.vacancyId, $or: [{ statusAt: { $lte: occurredAt } }, { statusAt: { $exists: false } }] },
      {
        $set: {
          status: change.to,
          statusAt: occurredAt,
          estateId: change.estateId,
          ...(change.title ? { title: change.title } : {}),
        },
      },
      { upsert: true },
    );
  } catch (error) {
    ignoreDuplicate(error);
  }
  // A vacancy first seen through a status change gets the fields a later VacancyCreated fills in.
  await store.vacancies.updateOne(
    { _id: change.vacancyId, deleted: { $exists: false } },
    { $set: { deleted: false } },
  );
  await store.vacancies.updateOne(
    { _id: change.vacancyId, title: { $exists: false } },
    { $set: { title: '' } },
  );
}

export async function recordVacancyDeleted(
  store: RatingStore,
  deleted: { vacancyId: string; estateId: string },
) {
  await store.vacancies.updateOne(
    { _id: deleted.vacancyId },
    { $set: { deleted: true, estateId: deleted.estateId } },
    { upsert: true },
  );
  await store.vacancies.updateOne(
    { _id: deleted.vacancyId, title: { $exists: false } },
    { $set: { title: '', status: 'Closed' } },
  );
}

export async function recordParticipant(
  store: RatingStore,
  accepted: { applicationId: string; vacancyId: string; workerId: string | null; guest: boolean },
  occurredAt: string,
) {
  if (accepted.guest || !accepted.workerId) return; // guests have no account: nobody to rate or to rate with
  const _id = `${accepted.vacancyId}:${accepted.workerId}`;
  try {
    await store.participants.updateOne(
      { _id },
      {
        $set: {
          vacancyId: accepted.vacancyId,
          workerId: accepted.workerId,
          applicationId: accepted.applicationId,
          acceptedAt: occurredAt,
        },
      },
      { upsert: true },
    );
  } catch (error) {
    ignoreDuplicate(error);
  }
}

/**
 * PlacesReleased (issue #31): a worker whose whole place was given back is no participant any more
 * (the acceptance came before it on the same key). A partial release changes nothing. Idempotent.
 */
export async function recordReleased(
  store: RatingStore,
  released: { vacancyId: string; workerId: string | null; remaining?: number },
) {
  if (released.remaining !== 0 || !released.workerId) return;
  await store.participants.updateOne(
    { _id: `${released.vacancyId}:${released.workerId}` },
    { $set: { released: true } },
  );
}
