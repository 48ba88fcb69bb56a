import type { BaseDoc, Collection, DocumentStore, Filter, Update } from '@moba/platform';

type Method = 'updateOne' | 'findOneAndUpdate' | 'findOne' | 'updateMany' | 'insertOne' | 'deleteOne';
interface Fault {
  collection: string;
  method: Method;
  when: (filter: Filter, update: Update | undefined) => boolean;
  times: number;
}

/** What a dropped PostgreSQL connection throws (classified transient: the service answers 503). */
export const outage = () =>
  Object.assign(new Error('Connection terminated unexpectedly (injected)'), { code: '08006' });

/**
 * A document store that fails chosen calls, as an outage between two writes would: `fail` arms a
 * fault for the next matching call(s) of one collection's method; everything else reaches the store.
 */
export function faultyStore(inner: DocumentStore) {
  const faults: Fault[] = [];
  const hit = (collection: string, method: Method, filter: Filter, update?: Update) => {
    const fault = faults.find(
      (f) => f.collection === collection && f.method === method && f.when(filter, update),
    );
    if (!fault) return;
    if (--fault.times === 0) faults.splice(faults.indexOf(fault), 1);
    throw outage();
  };
  function wrap<T extends BaseDoc>(c: Collection<T>): Collection<T> {
    return {
      ...c,
      name: c.name,
      insertOne: async (doc) => (hit(c.name, 'insertOne', doc as Filter), c.insertOne(doc)),
      findOne: async (filter) => (hit(c.name, 'findOne', filter), c.findOne(filter)),
      find: (filter, options) => c.find(filter, options),
      findFields: (filter, fields, options) => c.findFields(filter, fields, options),
      count: (filter) => c.count(filter),
      updateOne: async (filter, update, options) => (
        hit(c.name, 'updateOne', filter, update),
        c.updateOne(filter, update, options)
      ),
      updateMany: async (filter, update) => (
        hit(c.name, 'updateMany', filter, update),
        c.updateMany(filter, update)
      ),
      findOneAndUpdate: async (filter, update, options) => (
        hit(c.name, 'findOneAndUpdate', filter, update),
        c.findOneAndUpdate(filter, update, options)
      ),
      deleteOne: async (filter) => (hit(c.name, 'deleteOne', filter), c.deleteOne(filter)),
      deleteMany: (filter) => c.deleteMany(filter),
    };
  }
  const store: DocumentStore = {
    collection: async (name, options) => wrap(await inner.collection(name, options)),
    insertNew: (writes) => inner.insertNew(writes),
    findAcross: (reads) => inner.findAcross(reads),
    ...(inner.ping ? { ping: () => inner.ping!() } : {}),
    close: () => inner.close(),
  };
  return {
    store,
    fail(collection: string, method: Method, when: Fault['when'] = () => true, times = 1) {
      faults.push({ collection, method, when, times });
    },
    /** Faults armed and not yet triggered (a test checks its outage really happened). */
    armed: () => faults.length,
    clear: () => faults.splice(0),
  };
}
