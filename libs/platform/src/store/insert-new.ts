import {
  DuplicateKeyError,
  type BaseDoc,
  type Collection,
  type FieldsRead,
  type NewDocuments,
} from './document-store';

/** The same _id twice in one write is one document (the first). */
export function firstOfEachId(docs: BaseDoc[]): BaseDoc[] {
  const seen = new Set<string>();
  return docs.filter((doc) => !seen.has(doc._id) && seen.add(doc._id));
}

/**
 * `insertNew` for a store without multi-document writes: collection after collection, document after
 * document, an _id already stored left out. Not atomic; safe to repeat.
 */
export async function insertNewOneByOne(
  open: (name: string) => Promise<Collection<BaseDoc>>,
  writes: NewDocuments[],
): Promise<string[][]> {
  const inserted: string[][] = [];
  for (const write of writes) {
    const collection = await open(write.collection);
    const ids: string[] = [];
    for (const doc of firstOfEachId(write.docs)) {
      try {
        await collection.insertOne(doc);
        ids.push(doc._id);
      } catch (error) {
        if (!(error instanceof DuplicateKeyError) || !(await collection.findOne({ _id: doc._id })))
          throw error;
      }
    }
    inserted.push(ids);
  }
  return inserted;
}

/**
 * A collection the store opened earlier: insertNew and findAcross work only where `collection()` set
 * things up.
 */
export async function openedCollection(
  open: Map<string, Promise<Collection<BaseDoc>>>,
  name: string,
): Promise<Collection<BaseDoc>> {
  const collection = open.get(name);
  if (!collection) throw new Error(`the collection ${name} is not open`);
  return collection;
}

/** `findAcross` for a store without reads across collections: the reads side by side. */
export function findAcrossSideBySide(
  open: Map<string, Promise<Collection<BaseDoc>>>,
  reads: FieldsRead[],
): Promise<BaseDoc[][]> {
  return Promise.all(
    reads.map(async (read) =>
      (await openedCollection(open, read.collection)).findFields(read.filter, read.fields as never[]),
    ),
  );
}
