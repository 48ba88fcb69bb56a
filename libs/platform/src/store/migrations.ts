import { randomUUID } from 'node:crypto';
import { systemClock, type Clock } from '../clock';
import { createLease, type LeaseMark } from '../lease';
import type { Logger } from '../log';
import { DuplicateKeyError, type BaseDoc, type DocumentStore, type Update } from './document-store';

/**
 * One change of a stored document's shape. Versions rise by one per store (1, 2, 3 …); a version is
 * recorded once every document of its collection went through it, and never runs again.
 */
export interface DocumentMigration {
  version: number;
  description: string;
  collection: string;
  /**
   * The update that gives one document the new shape, or null when it has it already. Returning null
   * for a migrated document is what makes a run that stopped half-way safe to run again.
   */
  migrate(doc: BaseDoc & Record<string, unknown>): Update | null;
}

/** Where the runner keeps its lock and, per version, how far it got and when it finished. */
export const MIGRATIONS_COLLECTION = 'document_migrations';

interface MigrationRecord extends BaseDoc {
  lease?: LeaseMark;
  /** The last _id migrated (documents go in _id order): a run that stopped resumes after it. */
  lastId?: string;
  migrated?: number;
  doneAt?: string;
  description?: string;
}

const LOCK_ID = 'lock';
const recordId = (version: number) => `v${version}`;

export interface MigrationOptions {
  logger: Logger;
  clock?: Clock;
  /** Documents read and updated per step (progress is saved after each). */
  batch?: number;
  /** How long the lock outlives a runner that died. */
  lockTtlMs?: number;
  /** How often a waiting instance asks whether the lock is free. */
  pollMs?: number;
}

/**
 * Brings the store's documents to the newest shapes: takes the store's migration lock (the other
 * instances starting at the same time wait for it), then runs every version not yet done, in
 * order, batch by batch, saving progress after each batch. Resolves the versions it finished.
 */
export async function runMigrations(
  store: DocumentStore,
  migrations: readonly DocumentMigration[],
  { logger, clock = systemClock, batch = 200, lockTtlMs = 60_000, pollMs = 500 }: MigrationOptions,
): Promise<number[]> {
  if (!migrations.length) return [];
  checkVersions(migrations);
  const records = await store.collection<MigrationRecord>(MIGRATIONS_COLLECTION);
  const lock = createLease({
    collection: records,
    field: 'lease',
    holder: randomUUID(),
    ttlMs: lockTtlMs,
    clock,
  });
  await records.insertOne({ _id: LOCK_ID }).catch((error: unknown) => {
    if (!(error instanceof DuplicateKeyError)) throw error;
  });
  while (!(await lock.claim({ _id: LOCK_ID }))) {
    logger.info('another instance is migrating the store; waiting for it');
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  const finished: number[] = [];
  try {
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      const record = await records.findOne({ _id: recordId(migration.version) });
      if (record?.doneAt) continue;
      const migrated = await runOne(store, migration, record, {
        save: (fields) =>
          records.updateOne({ _id: recordId(migration.version) }, { $set: fields }, { upsert: true }),
        renewLock: async () => {
          if (!(await lock.renew(LOCK_ID)))
            throw new Error('lost the migration lock (a step took longer than lockTtlMs)');
        },
        batch,
      });
      await records.updateOne(
        { _id: recordId(migration.version) },
        { $set: { doneAt: clock.now().toISOString(), description: migration.description, migrated } },
        { upsert: true },
      );
      logger.info(
        { version: migration.version, collection: migration.collection, migrated },
        `migrated: ${migration.description}`,
      );
      finished.push(migration.version);
    }
  } finally {
    await lock.release(LOCK_ID).catch(() => undefined); // a lock left behind runs out by itself
  }
  return finished;
}

async function runOne(
  store: DocumentStore,
  migration: DocumentMigration,
  record: MigrationRecord | null,
  step: {
    save: (fields: Partial<MigrationRecord>) => Promise<unknown>;
    renewLock: () => Promise<void>;
    batch: number;
  },
): Promise<number> {
  const collection = await store.collection<BaseDoc & Record<string, unknown>>(migration.collection);
  let lastId = record?.lastId;
  let migrated = record?.migrated ?? 0;
  for (;;) {
    const docs = await collection.find(lastId === undefined ? {} : { _id: { $gt: lastId } }, {
      sort: { _id: 1 },
      limit: step.batch,
    });
    if (!docs.length) return migrated;
    for (const doc of docs) {
      const update = migration.migrate(doc);
      if (update) migrated += await collection.updateOne({ _id: doc._id }, update);
    }
    lastId = docs[docs.length - 1]._id;
    await step.save({ lastId, migrated, description: migration.description });
    await step.renewLock();
  }
}

function checkVersions(migrations: readonly DocumentMigration[]) {
  const versions = migrations.map((m) => m.version).sort((a, b) => a - b);
  versions.forEach((version, index) => {
    if (version !== index + 1)
      throw new Error(
        `document migrations must be numbered 1, 2, 3 … without gaps; found ${versions.join(', ')}`,
      );
  });
}
