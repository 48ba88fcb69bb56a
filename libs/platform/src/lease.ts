import type { Clock } from './clock';
import type { BaseDoc, Collection, Filter } from './store/document-store';

/** Who holds a document, and until when (ISO time on the lease's clock). */
export interface LeaseMark {
  owner: string;
  until: string;
}

/**
 * A time-limited claim on a document, written in the document itself (`field`), so instances that
 * share a store never work on the same document at once. Time comes from the Clock port; a holder that
 * dies leaves a lease that runs out by itself after `ttlMs`.
 */
export interface Lease<T extends BaseDoc> {
  /** A filter for documents nobody holds now (no lease, or one that ran out). */
  free(): Filter;
  /** Takes the one document matching `filter` when it is free; null when it is held or gone. */
  claim(filter: Filter): Promise<T | null>;
  /** Moves this holder's lease on a document to now+ttl; false when the holder lost it. */
  renew(id: BaseDoc['_id']): Promise<boolean>;
  /** Lets go of this holder's lease on a document (another holder's lease stays). */
  release(id: BaseDoc['_id']): Promise<void>;
}

export function createLease<T extends BaseDoc>({
  collection,
  field,
  holder,
  ttlMs,
  clock,
}: {
  collection: Collection<T>;
  field: string;
  holder: string;
  ttlMs: number;
  clock: Clock;
}): Lease<T> {
  const now = () => clock.now().toISOString();
  const until = () => new Date(clock.now().getTime() + ttlMs).toISOString();
  const free = (): Filter => ({
    $or: [{ [field]: { $exists: false } }, { [`${field}.until`]: { $lt: now() } }],
  });
  return {
    free,
    claim: (filter) =>
      collection.findOneAndUpdate(
        { $and: [filter, free()] },
        { $set: { [field]: { owner: holder, until: until() } satisfies LeaseMark } },
      ),
    renew: async (id) =>
      (await collection.updateOne(
        { _id: id, [`${field}.owner`]: holder },
        { $set: { [`${field}.until`]: until() } },
      )) > 0,
    release: async (id) => {
      await collection.updateOne({ _id: id, [`${field}.owner`]: holder }, { $unset: { [field]: '' } });
    },
  };
}
