import mongoose, { Schema, type Connection, type Model } from 'mongoose';
import {
  DuplicateKeyError,
  type BaseDoc,
  type Collection,
  type DocumentStore,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type Update,
} from './document-store';
import { findAcrossSideBySide, firstOfEachId, openedCollection } from './insert-new';

/**
 * DocumentStore on MongoDB through mongoose: one database per service (`<db>_<service>`, db from the
 * URL path, default `moba`), one model per collection with the declared (unique, compound, sparse →
 * partial, TTL) indexes and the outbox index synchronised (syncIndexes: a changed option rebuilds the
 * index instead of stopping the service) before the collection is handed out. Command buffering is
 * off: while MongoDB is unreachable an operation fails at once (a transient failure the bus retries)
 * instead of waiting up to 10 s per operation. Schemas are open (strict: false, no
 * version key, no minimising) because the services validate with zod; reads are lean. A duplicate key
 * (E11000) becomes the one DuplicateKeyError.
 */
// Documents are the services' own shapes; the store does not know them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyModel = Model<any>;

function translate(name: string, error: unknown): never {
  const e = error as { code?: number; keyValue?: unknown; message?: string };
  if (e?.code === 11000) throw new DuplicateKeyError(name, JSON.stringify(e.keyValue ?? e.message));
  throw error;
}

function indexOptions(index: IndexSpec) {
  const options: Record<string, unknown> = { unique: index.unique ?? false };
  if (index.sparse)
    options.partialFilterExpression = Object.fromEntries(index.fields.map((f) => [f, { $exists: true }]));
  if (index.expireAfterSeconds !== undefined) options.expireAfterSeconds = index.expireAfterSeconds;
  return options;
}

/**
 * The outbox relay's `{'_outbox.0': {$exists: true}}`: a partial index holding only the documents
 * with pending events, so each poll reads those and nothing else.
 */
const OUTBOX_INDEX = {
  fields: { '_outbox.0': 1 },
  options: { name: 'outbox_pending', partialFilterExpression: { '_outbox.0': { $exists: true } } },
} as const;

function wrap<T extends BaseDoc>(name: string, model: AnyModel): Collection<T> {
  const guard = async <R>(run: () => Promise<R>): Promise<R> => {
    try {
      return await run();
    } catch (error) {
      return translate(name, error);
    }
  };
  return {
    name,
    insertOne: (doc) =>
      guard(async () => {
        await model.collection.insertOne(structuredClone(doc) as never);
        return doc;
      }),
    findOne: async (filter: Filter) => ((await model.findOne(filter).lean()) as T | null) ?? null,
    async find(filter: Filter, { sort, skip, limit }: FindOptions = {}) {
      let query = model.find(filter);
      if (sort) query = query.sort(sort);
      if (skip) query = query.skip(skip);
      if (limit) query = query.limit(limit);
      return (await query.lean()) as T[];
    },
    async findFields(filter: Filter, fields: string[], { sort, skip, limit }: FindOptions = {}) {
      let query = model.find(filter, Object.fromEntries(['_id', ...fields].map((f) => [f, 1])));
      if (sort) query = query.sort(sort);
      if (skip) query = query.skip(skip);
      if (limit) query = query.limit(limit);
      return (await query.lean()) as never[];
    },
    count: (filter) => model.countDocuments(filter).exec(),
    updateOne: (filter, update: Update, { upsert = false } = {}) =>
      guard(async () => {
        const result = await model.updateOne(filter, update, { upsert });
        return result.matchedCount || result.upsertedCount;
      }),
    updateMany: (filter, update) =>
      guard(async () => {
        const result = await model.updateMany(filter, update);
        return result.matchedCount;
      }),
    findOneAndUpdate: (filter, update, { upsert = false } = {}) =>
      guard(
        async () =>
          ((await model
            .findOneAndUpdate(filter, update, { upsert, returnDocument: 'after' })
            .lean()) as T | null) ?? null,
      ),
    deleteOne: async (filter) => (await model.deleteOne(filter)).deletedCount,
    deleteMany: async (filter) => (await model.deleteMany(filter)).deletedCount,
  };
}

/**
 * One unordered insertMany: every document is tried; those whose _id is stored fail alone (E11000 on
 * _id) and are left out of the answer; any other failure is the caller's.
 */
async function insertSkippingStored(name: string, model: AnyModel, docs: BaseDoc[]): Promise<string[]> {
  const unique = firstOfEachId(docs);
  if (!unique.length) return [];
  try {
    await model.collection.insertMany(structuredClone(unique) as never[], { ordered: false });
    return unique.map((doc) => doc._id);
  } catch (error) {
    type WriteError = { index: number; code: number; errmsg?: string };
    // The driver gives one WriteError alone, several as an array.
    const reported = (error as { writeErrors?: WriteError | WriteError[] }).writeErrors;
    const writeErrors = reported === undefined ? [] : [reported].flat();
    const onIdOnly = (e: { code: number; errmsg?: string }) =>
      e.code === 11000 && /_id_ dup key/.test(e.errmsg ?? '');
    if (!writeErrors.length || !writeErrors.every(onIdOnly)) return translate(name, error);
    const skipped = new Set(writeErrors.map((e) => e.index));
    return unique.filter((_, i) => !skipped.has(i)).map((doc) => doc._id);
  }
}

export function mongoDatabaseName(url: string, service: string) {
  const path = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]*)/.exec(url)?.[1];
  return `${path || 'moba'}_${service}`.replace(/[^a-zA-Z0-9_-]/g, '_');
}

export async function createMongoStore(url: string, service: string): Promise<DocumentStore> {
  const connection: Connection = mongoose.createConnection(url, {
    dbName: mongoDatabaseName(url, service),
    autoIndex: false,
    bufferCommands: false,
    serverSelectionTimeoutMS: 10_000,
  });
  await connection.asPromise();
  const open = new Map<string, Promise<Collection<BaseDoc>>>();

  async function openCollection(name: string, indexes: IndexSpec[]) {
    if (!/^[a-z][a-z0-9_-]*$/i.test(name)) throw new Error(`bad collection name ${name}`);
    const schema = new Schema(
      { _id: { type: String, required: true } },
      {
        strict: false,
        strictQuery: false,
        versionKey: false,
        minimize: false,
        collection: name,
        autoCreate: false,
        autoIndex: false,
        bufferCommands: false,
        _id: false,
      },
    );
    for (const index of indexes)
      schema.index(Object.fromEntries(index.fields.map((f) => [f, 1])), indexOptions(index));
    schema.index(OUTBOX_INDEX.fields, OUTBOX_INDEX.options);
    const model: AnyModel = connection.models[name] ?? connection.model(name, schema);
    await model.createCollection().catch((error: { codeName?: string }) => {
      if (error?.codeName !== 'NamespaceExists') throw error;
    });
    await model.syncIndexes();
    return wrap(name, model);
  }

  return {
    collection<T extends BaseDoc>(name: string, { indexes = [] }: { indexes?: IndexSpec[] } = {}) {
      if (!open.has(name)) open.set(name, openCollection(name, indexes));
      return open.get(name) as unknown as Promise<Collection<T>>;
    },
    async insertNew(writes) {
      const inserted: string[][] = [];
      for (const write of writes) {
        await openedCollection(open, write.collection);
        inserted.push(
          await insertSkippingStored(write.collection, connection.models[write.collection], write.docs),
        );
      }
      return inserted;
    },
    findAcross: (reads) => findAcrossSideBySide(open, reads),
    async ping() {
      await connection.db!.admin().ping();
    },
    async close() {
      open.clear();
      await connection.close();
    },
  };
}
