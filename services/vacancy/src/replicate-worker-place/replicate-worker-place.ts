import { isKnownMunicipality, type Region } from '@moba/contracts';
import type { BaseDoc, Collection } from '@moba/platform';

/** Where a worker lives (from auth events): browsing measures distances from here by default. */
export interface WorkerPlaceDoc extends BaseDoc {
  municipality: string;
  region: Region;
}
export interface WorkerPlace {
  municipality: string;
  region: Region;
}

/**
 * The workers' municipalities, kept in the store by the service's durable auth handler and in each
 * instance's memory (loaded at start, then followed by event like the browse model), so a browse
 * reads it without a store round trip.
 */
export function createWorkerPlaces(collection: Collection<WorkerPlaceDoc>) {
  const places = new Map<string, WorkerPlace>();
  return {
    async load() {
      for (const doc of await collection.find({}))
        places.set(doc._id, { municipality: doc.municipality, region: doc.region });
    },
    get: (workerId: string): WorkerPlace | undefined => places.get(workerId),
    /** Heard by event (any instance): remembered in this instance's memory. */
    remember(workerId: string, change: { municipality: string; region?: Region }) {
      const region = change.region ?? places.get(workerId)?.region ?? 'RS';
      if (isKnownMunicipality(change.municipality, region))
        places.set(workerId, { municipality: change.municipality, region });
    },
    /** The durable write (once per event for the service): the store, then memory. */
    async replicate(workerId: string, change: { municipality: string; region?: Region }) {
      const known = places.get(workerId) ?? (await collection.findOne({ _id: workerId })) ?? undefined;
      const region = change.region ?? known?.region ?? 'RS';
      if (!isKnownMunicipality(change.municipality, region)) return;
      await collection.updateOne(
        { _id: workerId },
        { $set: { municipality: change.municipality, region } },
        { upsert: true },
      );
      places.set(workerId, { municipality: change.municipality, region });
    },
  };
}
export type WorkerPlaces = ReturnType<typeof createWorkerPlaces>;
