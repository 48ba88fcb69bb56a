import type { EventEnvelope } from '@moba/contracts';
import { DuplicateKeyError } from '@moba/platform';
import type { AppContext } from '../context';
import type { UserEventData } from '../messaging/foreign-events';
import { userRegisteredDelta } from '../domain/stats';
import { applyStatsDelta } from '../stats/stats';

/**
 * Keeps the worker and estate replicas from auth events. A registration is insert-only (a redelivered
 * or late copy never overwrites a newer profile); the stats count it once per event id.
 */
export async function recordUserRegistered({ store }: AppContext, event: EventEnvelope<UserEventData>) {
  const user = event.data;
  let inserted: Promise<unknown>;
  if (user.role === 'Worker')
    inserted = store.workers.insertOne({ ...workerFields(user), registeredEventId: event.id });
  else if (user.role === 'Estate')
    inserted = store.estates.insertOne({ ...estateFields(user), registeredEventId: event.id });
  else return;
  try {
    await inserted;
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    const existing = await (user.role === 'Worker' ? store.workers : store.estates).findOne({
      _id: user.userId,
    });
    if (existing?.registeredEventId !== event.id) return; // another registration event of the same user: not counted again
  }
  await applyStatsDelta(store, event.id, userRegisteredDelta(user.role));
}

/** A profile change refreshes the replica the admin and estates read (name, phone, municipality, group). */
export async function recordProfileUpdated({ store }: AppContext, event: EventEnvelope<UserEventData>) {
  const user = event.data;
  if (user.role === 'Worker') {
    const { _id, ...fields } = workerFields(user);
    await store.workers.updateOne({ _id }, { $set: fields });
  } else if (user.role === 'Estate') {
    const { _id, ...fields } = estateFields(user);
    await store.estates.updateOne({ _id }, { $set: fields });
  }
}

function workerFields(user: UserEventData) {
  return {
    _id: user.userId,
    fullName: user.fullName,
    phone: user.phone,
    municipality: user.municipality ?? null,
    groupLeader: user.groupLeader,
    groupSize: user.groupLeader ? user.groupSize : 0,
    ...(user.availabilityMonths ? { availabilityMonths: user.availabilityMonths } : {}),
    ...(user.gender ? { gender: user.gender } : {}),
  };
}

function estateFields(user: UserEventData) {
  return {
    _id: user.userId,
    estateName: user.estateName ?? user.fullName,
    fullName: user.fullName,
    phone: user.phone,
    municipality: user.municipality ?? null,
  };
}
