import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Datastore from '@seald-io/nedb';
import {
  DuplicateKeyError,
  type BaseDoc,
  type Collection,
  type Filter,
  type DocumentStore,
  type FindOptions,
  type IndexSpec,
} from './document-store';
import { isOperatorObject } from './operator-object';
import { findAcrossSideBySide, insertNewOneByOne, openedCollection } from './insert-new';

const COMPACTION_MS = 10 * 60_000;

interface NedbError {
  errorType?: string;
  key?: unknown;
}

function translate(name: string, error: unknown): never {
  const e = error as NedbError;
  if (e?.errorType === 'uniqueViolated') throw new DuplicateKeyError(name, String(e.key));
  throw error;
}

/** Mongo's reading of a dotted path: array positions by number, other names through every element. */
function valueAt(doc: unknown, path: string[]): unknown {
  if (path.length === 0) return doc;
  if (doc === null || typeof doc !== 'object') return undefined;
  const [head, ...rest] = path;
  if (Array.isArray(doc) && !/^\d+$/.test(head)) {
    const found = doc.map((item) => valueAt(item, path)).filter((v) => v !== undefined);
    return found.length ? found : undefined;
  }
  return valueAt((doc as Record<string, unknown>)[head], rest);
}

/**
 * nedb differs from MongoDB on a few operators of the subset: it has no $eq, and on an array field it
 * reads $ne / $nin as "some element differs" and $exists as "some element exists" (false for []).
 * Rewrite those into forms nedb evaluates the Mongo way; plain conditions stay at the top so the
 * _id and other indexes are still used.
 */
export function toNedbFilter(filter: Filter): Filter {
  const plain: Filter = {};
  const extra: Filter[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$or' || key === '$and') {
      plain[key] = (value as Filter[]).map(toNedbFilter);
    } else if (key.startsWith('$') || !isOperatorObject(value)) {
      plain[key] = value;
    } else {
      const rest: Record<string, unknown> = {};
      for (const [op, arg] of Object.entries(value)) {
        if (op === '$eq') extra.push({ [key]: arg });
        else if (op === '$ne') extra.push({ $not: { [key]: arg } });
        else if (op === '$nin') extra.push({ $not: { [key]: { $in: arg } } });
        else if (op === '$exists') {
          const path = key.split('.');
          extra.push({
            $where: function (this: unknown) {
              return (valueAt(this, path) !== undefined) === Boolean(arg);
            },
          });
        } else rest[op] = arg;
      }
      if (Object.keys(rest).length) plain[key] = rest;
    }
  }
  if (extra.length === 0) return plain;
  return { ...plain, $and: [...((plain.$and as Filter[] | undefined) ?? []), ...extra] };
}

function wrap<T extends BaseDoc>(name: string, db: Datastore<T>): Collection<T> {
  return {
    name,
    async insertOne(doc) {
      try {
        return (await db.insertAsync(doc)) as T;
      } catch (error) {
        return translate(name, error);
      }
    },
    async findOne(filter) {
      return ((await db.findOneAsync(toNedbFilter(filter))) as T | null) ?? null;
    },
    async find(filter, { sort, skip, limit }: FindOptions = {}) {
      let cursor = db.findAsync(toNedbFilter(filter));
      if (sort) cursor = cursor.sort(sort);
      if (skip) cursor = cursor.skip(skip);
      if (limit) cursor = cursor.limit(limit);
      return (await cursor) as T[];
    },
    async findFields(filter, fields, { sort, skip, limit }: FindOptions = {}) {
      const projection = Object.fromEntries(['_id', ...fields].map((f) => [f, 1]));
      let cursor = db.findAsync(toNedbFilter(filter), projection);
      if (sort) cursor = cursor.sort(sort);
      if (skip) cursor = cursor.skip(skip);
      if (limit) cursor = cursor.limit(limit);
      return (await cursor) as unknown as never[];
    },
    async count(filter) {
      return db.countAsync(toNedbFilter(filter));
    },
    async updateOne(filter, update, { upsert = false } = {}) {
      try {
        const { numAffected } = await db.updateAsync(toNedbFilter(filter), update, { upsert });
        return numAffected;
      } catch (error) {
        return translate(name, error);
      }
    },
    async updateMany(filter, update) {
      try {
        const { numAffected } = await db.updateAsync(toNedbFilter(filter), update, { multi: true });
        return numAffected;
      } catch (error) {
        return translate(name, error);
      }
    },
    async findOneAndUpdate(filter, update, { upsert = false } = {}) {
      try {
        // nedb runs each operation alone on its executor queue, so the match and the write are atomic.
        const { affectedDocuments } = await db.updateAsync(toNedbFilter(filter), update, {
          upsert,
          returnUpdatedDocs: true,
        });
        return (affectedDocuments as T | null) ?? null;
      } catch (error) {
        return translate(name, error);
      }
    },
    async deleteOne(filter) {
      return db.removeAsync(toNedbFilter(filter), { multi: false });
    },
    async deleteMany(filter) {
      return db.removeAsync(toNedbFilter(filter), { multi: true });
    },
  };
}

/**
 * DocumentStore on @seald-io/nedb: `file://DIR` keeps one append-only file per collection (it
 * survives restarts, and a crash loses at most the write in flight); `memory://` keeps nothing.
 */
export function createNedbStore(dir?: string): DocumentStore {
  if (dir) mkdirSync(dir, { recursive: true });
  const open = new Map<string, Promise<Collection<BaseDoc>>>();
  const datastores: Datastore[] = [];

  async function openCollection(name: string, indexes: IndexSpec[]) {
    if (!/^[a-z][a-z0-9_-]*$/i.test(name)) throw new Error(`bad collection name ${name}`);
    const db = new Datastore<BaseDoc>(dir ? { filename: join(dir, `${name}.db`) } : { inMemoryOnly: true });
    await db.loadDatabaseAsync();
    for (const index of indexes.filter((spec) => spec.expireAfterSeconds === undefined)) {
      await db.ensureIndexAsync({
        fieldName: index.fields.length === 1 ? index.fields[0] : index.fields,
        unique: index.unique ?? false,
        sparse: index.sparse ?? false,
      });
    }
    if (dir) db.setAutocompactionInterval(COMPACTION_MS);
    datastores.push(db as unknown as Datastore);
    return wrap(name, db);
  }

  return {
    collection<T extends BaseDoc>(name: string, { indexes = [] }: { indexes?: IndexSpec[] } = {}) {
      if (!open.has(name)) open.set(name, openCollection(name, indexes));
      return open.get(name) as unknown as Promise<Collection<T>>;
    },
    insertNew: (writes) => insertNewOneByOne((name) => openedCollection(open, name), writes),
    findAcross: (reads) => findAcrossSideBySide(open, reads),
    async close() {
      for (const db of datastores) {
        db.stopAutocompaction();
        if (dir) await db.compactDatafileAsync();
      }
      open.clear();
      datastores.length = 0;
    },
  };
}
