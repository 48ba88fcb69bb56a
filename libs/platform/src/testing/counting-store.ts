import type { BaseDoc, Collection, DocumentStore } from '../store/document-store';

/** What the reads of one collection returned: whole documents, and rows of a few fields. */
export interface StoreReads {
  docs: number;
  fieldRows: number;
}

/**
 * The store, counting what the reads (find, findOne, findOneAndUpdate, findFields) of one collection
 * return, so a test can show that a call reads only a page.
 */
export function countingStore(
  inner: DocumentStore,
  collectionName: string,
): { store: DocumentStore; read: StoreReads } {
  const read: StoreReads = { docs: 0, fieldRows: 0 };
  const store: DocumentStore = {
    insertNew: (writes) => inner.insertNew(writes),
    findAcross: async (reads) => {
      const found = await inner.findAcross(reads);
      reads.forEach((r, i) => {
        if (r.collection === collectionName) read.fieldRows += found[i].length;
      });
      return found;
    },
    close: () => inner.close(),
    ...(inner.ping ? { ping: () => inner.ping!() } : {}),
    collection: async <T extends BaseDoc>(
      name: string,
      options?: Parameters<DocumentStore['collection']>[1],
    ) => {
      const collection = await inner.collection<T>(name, options);
      if (name !== collectionName) return collection;
      const counted: Collection<T> = {
        ...collection,
        find: async (filter, findOptions) => {
          const docs = await collection.find(filter, findOptions);
          read.docs += docs.length;
          return docs;
        },
        findOne: async (filter) => {
          const doc = await collection.findOne(filter);
          read.docs += doc ? 1 : 0;
          return doc;
        },
        findOneAndUpdate: async (filter, update, updateOptions) => {
          const doc = await collection.findOneAndUpdate(filter, update, updateOptions);
          read.docs += doc ? 1 : 0;
          return doc;
        },
        findFields: async (filter, fields, findOptions) => {
          const rows = await collection.findFields(filter, fields, findOptions);
          read.fieldRows += rows.length;
          return rows;
        },
      };
      return counted;
    },
  };
  return { store, read };
}
