import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import {
  DuplicateKeyError,
  type BaseDoc,
  type Collection,
  type DocumentStore,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type Update,
} from '../store/document-store';
import { toNedbFilter } from '../store/nedb-store';

/**
 * A DocumentStore on Redis, for the multi-process mode on one machine: two notification instances
 * must share their store, and nedb files cannot be shared between processes. Not for production
 * (use mongodb://): every query reads the whole collection.
 *
 * A collection is one Redis hash (`<prefix>:<service>:<collection>`, field = _id, value = JSON).
 * Matching, sorting and update operators are nedb's own, so the semantics are the file adapter's
 * (and pass the same contract). Writes take a per-collection lock (SET NX PX, released by token) —
 * in this process a queue first — so conditional updates are atomic across processes, and unique
 * indexes are checked inside the lock.
 *
 * URL: `redis://host:port[/db]?prefix=moba:store`.
 */
interface NedbModel {
  match(doc: unknown, query: unknown): boolean;
  modify<T>(doc: T, update: unknown): T;
  checkObject(doc: unknown): void;
  compareThings(a: unknown, b: unknown): number;
  getDotValue(doc: unknown, path: string): unknown;
}
const model = require('@seald-io/nedb/lib/model') as NedbModel;

const RELEASE =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
const LOCK_MS = 10_000;

const isOperatorObject = (value: unknown) =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  !(value instanceof RegExp) &&
  Object.keys(value).some((k) => k.startsWith('$'));

/** The fields an upsert takes from the filter: plain equalities and $eq, as MongoDB does. */
function upsertBase(filter: Filter): Record<string, unknown> {
  const base: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$') || key.includes('.')) continue;
    if (!isOperatorObject(value)) base[key] = structuredClone(value);
    else if ('$eq' in (value as Record<string, unknown>))
      base[key] = structuredClone((value as Record<string, unknown>).$eq);
  }
  return base;
}

function sortDocs<T>(docs: T[], sort: Record<string, 1 | -1>) {
  const keys = Object.entries(sort);
  return docs.sort((a, b) => {
    for (const [key, direction] of keys) {
      const order = model.compareThings(model.getDotValue(a, key), model.getDotValue(b, key));
      if (order !== 0) return order * direction;
    }
    return 0;
  });
}

function indexKey(doc: unknown, index: IndexSpec): string | undefined {
  const values = index.fields.map((field) => model.getDotValue(doc, field));
  if (index.sparse && values.some((v) => v === undefined)) return undefined;
  return JSON.stringify(values.map((v) => (v === undefined ? null : v)));
}

export async function createRedisStore(url: string, service: string): Promise<DocumentStore> {
  const parsed = new URL(url);
  const prefix = parsed.searchParams.get('prefix') ?? 'moba:store';
  parsed.searchParams.delete('prefix');
  const redis = new Redis(parsed.toString(), { lazyConnect: true });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`STORE_URL: no Redis answers at ${parsed.host} (${(error as Error).message})`);
  }
  const open = new Map<string, Collection<BaseDoc>>();
  const queues = new Map<string, Promise<unknown>>();

  async function withLock<R>(key: string, run: () => Promise<R>): Promise<R> {
    const previous = queues.get(key) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        const token = randomUUID();
        for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
          if ((await redis.set(`${key}:lock`, token, 'PX', LOCK_MS, 'NX')) === 'OK') break;
          await new Promise((r) => setTimeout(r, wait + Math.random() * wait));
        }
        try {
          return await run();
        } finally {
          await redis.eval(RELEASE, 1, `${key}:lock`, token);
        }
      });
    queues.set(key, next);
    const forget = () => {
      if (queues.get(key) === next) queues.delete(key);
    };
    next.then(forget, forget);
    return next;
  }

  function wrap<T extends BaseDoc>(name: string, indexes: IndexSpec[]): Collection<T> {
    const key = `${prefix}:${service}:${name}`;
    const unique = indexes.filter((i) => i.unique);

    const all = async (): Promise<T[]> =>
      Object.values(await redis.hgetall(key)).map((json) => JSON.parse(json) as T);
    /** Reads only the one document when the filter names a plain _id. */
    const candidates = async (filter: Filter): Promise<T[]> => {
      if (typeof filter._id === 'string') {
        const json = await redis.hget(key, filter._id);
        return json ? [JSON.parse(json) as T] : [];
      }
      return all();
    };
    const matching = async (filter: Filter) => {
      const query = toNedbFilter(filter);
      return (await candidates(filter)).filter((doc) => model.match(doc, query));
    };

    /** Throws DuplicateKeyError when the changed documents break a unique index. */
    async function checkUnique(changed: T[], replacing: Set<string>) {
      if (!unique.length) return;
      const others = (await all()).filter((doc) => !replacing.has(doc._id));
      for (const index of unique) {
        const seen = new Map<string, string>();
        for (const doc of others) {
          const k = indexKey(doc, index);
          if (k !== undefined) seen.set(k, doc._id);
        }
        for (const doc of changed) {
          const k = indexKey(doc, index);
          if (k === undefined) continue;
          if (seen.has(k)) throw new DuplicateKeyError(name, `${index.fields.join('+')} ${k}`);
          seen.set(k, doc._id);
        }
      }
    }

    async function write(docs: T[]) {
      if (!docs.length) return;
      await redis.hset(key, Object.fromEntries(docs.map((doc) => [doc._id, JSON.stringify(doc)])));
    }

    async function update(
      filter: Filter,
      changes: Update,
      { multi, upsert }: { multi: boolean; upsert: boolean },
    ) {
      return withLock(key, async () => {
        const found = await matching(filter);
        const targets = multi ? found : found.slice(0, 1);
        if (!targets.length) {
          if (!upsert) return { count: 0, docs: [] as T[] };
          let doc: T;
          try {
            model.checkObject(changes);
            doc = { ...structuredClone(changes) } as unknown as T;
          } catch {
            doc = model.modify(upsertBase(filter) as T, changes);
          }
          if (!doc._id) doc = { ...doc, _id: randomUUID() };
          if (await redis.hexists(key, doc._id)) throw new DuplicateKeyError(name, `_id ${doc._id}`);
          await checkUnique([doc], new Set());
          await write([doc]);
          return { count: 1, docs: [doc] };
        }
        const updated = targets.map((doc) => model.modify(doc, changes));
        await checkUnique(updated, new Set(targets.map((d) => d._id)));
        await write(updated);
        return { count: updated.length, docs: updated };
      });
    }

    return {
      name,
      insertOne: (doc) =>
        withLock(key, async () => {
          model.checkObject(doc);
          if (await redis.hexists(key, doc._id)) throw new DuplicateKeyError(name, `_id ${doc._id}`);
          await checkUnique([doc], new Set());
          await write([structuredClone(doc)]);
          return doc;
        }),
      findOne: async (filter) => (await matching(filter))[0] ?? null,
      async find(filter, { sort, skip = 0, limit }: FindOptions = {}) {
        let docs = await matching(filter);
        if (sort) docs = sortDocs(docs, sort);
        return docs.slice(skip, limit ? skip + limit : undefined);
      },
      count: async (filter) => (await matching(filter)).length,
      updateOne: async (filter, changes, { upsert = false } = {}) =>
        (await update(filter, changes, { multi: false, upsert })).count,
      updateMany: async (filter, changes) =>
        (await update(filter, changes, { multi: true, upsert: false })).count,
      findOneAndUpdate: async (filter, changes, { upsert = false } = {}) =>
        (await update(filter, changes, { multi: false, upsert })).docs[0] ?? null,
      deleteOne: (filter) =>
        withLock(key, async () => {
          const [doc] = await matching(filter);
          return doc ? redis.hdel(key, doc._id) : 0;
        }),
      deleteMany: (filter) =>
        withLock(key, async () => {
          const docs = await matching(filter);
          return docs.length ? redis.hdel(key, ...docs.map((d) => d._id)) : 0;
        }),
    };
  }

  return {
    async collection<T extends BaseDoc>(name: string, { indexes = [] }: { indexes?: IndexSpec[] } = {}) {
      if (!/^[a-z][a-z0-9_-]*$/i.test(name)) throw new Error(`bad collection name ${name}`);
      if (!open.has(name)) open.set(name, wrap(name, indexes) as unknown as Collection<BaseDoc>);
      return open.get(name) as unknown as Collection<T>;
    },
    async close() {
      await Promise.allSettled([...queues.values()]);
      open.clear();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
