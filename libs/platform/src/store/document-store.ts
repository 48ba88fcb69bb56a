/** A document always has a string _id chosen by the service (a UUID). */
export interface BaseDoc {
  _id: string;
}

/** MongoDB operator subset every adapter supports: $eq $ne $gt $gte $lt $lte $in $nin $exists $regex $or $and $size, dotted paths. */
export type Filter = Record<string, unknown>;
/** $set $unset $inc $push ($each) $pull $addToSet $min $max. */
export type Update = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
}

export interface IndexSpec {
  fields: string[];
  unique?: boolean;
  /** Only documents that have every field take part (Mongo: partial index on $exists). */
  sparse?: boolean;
  /**
   * A MongoDB TTL index on one Date field: the server removes a document this many seconds after
   * that date. Other adapters skip it; whoever declares one also prunes (see idempotent-consumer).
   */
  expireAfterSeconds?: number;
}

export interface Collection<T extends BaseDoc> {
  readonly name: string;
  insertOne(doc: T): Promise<T>;
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  /** find, reading only the named top-level fields (and _id) from the store: no more leaves it. */
  findFields<K extends keyof T & string>(
    filter: Filter,
    fields: K[],
    options?: FindOptions,
  ): Promise<Pick<T, '_id' | K>[]>;
  count(filter: Filter): Promise<number>;
  /** Resolves how many documents matched (0 or 1). */
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<number>;
  updateMany(filter: Filter, update: Update): Promise<number>;
  /** Atomic conditional update; resolves the document after the update, or null if none matched. */
  findOneAndUpdate(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<T | null>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter: Filter): Promise<number>;
}

/** The documents of one collection in `DocumentStore.insertNew`. */
export interface NewDocuments {
  /** A collection this store has opened (`collection()` created it and its indexes). */
  collection: string;
  docs: BaseDoc[];
}

/** One read of `DocumentStore.findAcross`: a collection's matching documents, with the fields named. */
export interface FieldsRead {
  /** A collection this store has opened. */
  collection: string;
  filter: Filter;
  fields: string[];
}

export interface DocumentStore {
  collection<T extends BaseDoc>(name: string, options?: { indexes?: IndexSpec[] }): Promise<Collection<T>>;
  /**
   * Inserts the documents of one or more collections as one write, leaving out each document whose
   * _id is already stored; resolves, per entry, the _ids inserted now. PostgreSQL runs it as one
   * statement: all or nothing. MongoDB and nedb write collection after collection in the order given,
   * each skipping what is there, so whoever records "done" (processed event ids) puts it last: a
   * crash in between leaves writes that the redelivery completes. A duplicate on another unique
   * index is a DuplicateKeyError.
   */
  insertNew(writes: NewDocuments[]): Promise<string[][]>;
  /**
   * Reads several collections at once, each read as its collection's findFields; resolves, per entry,
   * what it found. PostgreSQL runs it as one statement: one round trip where a batch needs facts
   * from several collections.
   */
  findAcross(reads: FieldsRead[]): Promise<BaseDoc[][]>;
  /** Resolves when the engine answers (readiness); in-process stores have none. */
  ping?(): Promise<void>;
  close(): Promise<void>;
}

/** One error for every adapter's unique-index violation. */
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    detail: string,
  ) {
    super(`duplicate key in ${collection}: ${detail}`);
    this.name = 'DuplicateKeyError';
  }
}

/** What a process sets for its store beside the URL (its environment). */
export interface StoreSettings {
  /** Connections this process may open (STORE_POOL); the PostgreSQL adapter reads it. */
  pool?: number;
}

/**
 * The store did not answer in time (a held lock, a statement over its limit, no free connection, a
 * hung or unreachable server). The caller may retry shortly: HTTP answers 503 STORE_UNAVAILABLE with
 * Retry-After, a consumer retries the event (a transient failure). A wait that timed out wrote nothing
 * (a transaction rolls back); only a statement the server never answered has an unknown outcome.
 */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}
