import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import {
  MIGRATIONS_COLLECTION,
  runMigrations,
  type BaseDoc,
  type DocumentMigration,
  type DocumentStore,
} from '../src';
import { createNedbStore } from '../src/store/nedb-store';
import { createPostgresStore } from '../src/store/postgres-store';
import { dropSchemas, freshSchemaPrefix, whenPostgres, withSchema } from './fixtures/postgres';

const logger = pino({ level: 'silent' });

/** How users were stored once: one `name`, a `phone` without its calling code. */
interface OldUser extends BaseDoc {
  name: string;
  phone: string;
}
const OLD_USERS: OldUser[] = Array.from({ length: 25 }, (_, i) => ({
  _id: `user-${String(i).padStart(3, '0')}`,
  name: `Ana${i} Petrović`,
  phone: `064${String(1_000_000 + i)}`,
}));

/** The two shape changes since, counting the documents each one was asked to migrate. */
function userMigrations(calls = { v1: 0, v2: 0 }, failAt?: string): DocumentMigration[] {
  return [
    {
      version: 1,
      description: 'users: name split into firstName and lastName',
      collection: 'users',
      migrate(doc) {
        calls.v1++;
        if (doc._id === failAt) throw new Error('the process died here');
        if (typeof doc.name !== 'string') return null;
        const [firstName, ...rest] = doc.name.split(' ');
        return { $set: { firstName, lastName: rest.join(' ') }, $unset: { name: '' } };
      },
    },
    {
      version: 2,
      description: 'users: phone in E.164',
      collection: 'users',
      migrate(doc) {
        calls.v2++;
        const phone = String(doc.phone);
        return phone.startsWith('+') ? null : { $set: { phone: `+381${phone.replace(/^0/, '')}` } };
      },
    },
  ];
}

const expectedShape = (user: OldUser) => {
  const [firstName, ...rest] = user.name.split(' ');
  return { _id: user._id, firstName, lastName: rest.join(' '), phone: `+381${user.phone.slice(1)}` };
};

/**
 * The runner's behaviour on one adapter. `restart()` closes the store and opens it again (a new
 * process); `instance()` is the store as another instance sees it: its own connection on a shared
 * engine, or the one process's store where the files belong to one process (file://).
 */
function migrationSuite(
  name: string,
  open: () => Promise<DocumentStore>,
  { sharedByInstances }: { sharedByInstances: boolean },
) {
  describe(`document migrations on ${name}`, () => {
    const opened: DocumentStore[] = [];
    let current: DocumentStore | undefined;
    const restart = async () => {
      if (current) await current.close();
      current = await open();
      return current;
    };
    const instance = async () => {
      if (!sharedByInstances) return current ?? restart();
      const store = await open();
      opened.push(store);
      return store;
    };
    afterAll(async () => {
      for (const store of opened) await store.close();
      await current?.close();
    });

    const seed = async (store: DocumentStore, collection = 'users') => {
      const users = await store.collection<OldUser>(collection);
      await users.deleteMany({});
      await (await store.collection(MIGRATIONS_COLLECTION)).deleteMany({});
      for (const user of OLD_USERS) await users.insertOne(user);
    };
    const usersOf = async (store: DocumentStore) =>
      (await store.collection('users')).find({}, { sort: { _id: 1 } });

    it('brings a store written in the old shape to the new one, and a second run changes nothing', async () => {
      await seed(await restart());
      const calls = { v1: 0, v2: 0 };
      expect(await runMigrations(await restart(), userMigrations(calls), { logger, batch: 10 })).toEqual([
        1, 2,
      ]);
      expect(await usersOf(await restart())).toEqual(OLD_USERS.map(expectedShape));
      expect(calls).toEqual({ v1: 25, v2: 25 });

      expect(await runMigrations(await restart(), userMigrations(calls), { logger })).toEqual([]);
      expect(calls).toEqual({ v1: 25, v2: 25 }); // finished versions are not read again
      expect(await usersOf(await restart())).toEqual(OLD_USERS.map(expectedShape));
    });

    it('resumes after a run that died half-way, without migrating a document twice', async () => {
      await seed(await restart());
      const first = { v1: 0, v2: 0 };
      await expect(
        runMigrations(await restart(), userMigrations(first, 'user-013'), { logger, batch: 5 }),
      ).rejects.toThrow('the process died here');
      // Batches 000-004, 005-009 were saved; 010-012 of the third batch were migrated, then it died.
      expect(first.v1).toBe(14);

      const second = { v1: 0, v2: 0 };
      expect(await runMigrations(await restart(), userMigrations(second), { logger, batch: 5 })).toEqual([
        1, 2,
      ]);
      expect(second).toEqual({ v1: 15, v2: 25 }); // from the third batch on (010 …)
      expect(await usersOf(await restart())).toEqual(OLD_USERS.map(expectedShape));
    });

    it('lets one of several instances starting at once migrate; the others wait for it', async () => {
      await seed(await restart());
      const calls = { v1: 0, v2: 0 };
      const instances = [await instance(), await instance(), await instance()];
      const runs = await Promise.all(
        instances.map((store) =>
          runMigrations(store, userMigrations(calls), { logger, batch: 4, pollMs: 20 }),
        ),
      );
      expect(runs.map((versions) => versions.join(',')).sort()).toEqual(['', '', '1,2']);
      expect(calls).toEqual({ v1: 25, v2: 25 });
      expect(await usersOf(await restart())).toEqual(OLD_USERS.map(expectedShape));
    });

    it('refuses versions with a gap before touching anything', async () => {
      const [, second] = userMigrations();
      await expect(runMigrations(await restart(), [second], { logger })).rejects.toThrow(/1, 2, 3/);
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'moba-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
migrationSuite('the file store (file://)', async () => createNedbStore(dir), { sharedByInstances: false });

const prefix = freshSchemaPrefix('migrations');
whenPostgres('document migrations on postgres://', () => {
  afterAll(() => dropSchemas(prefix));
  migrationSuite('PostgreSQL (postgres://)', () => createPostgresStore(withSchema(prefix), 'users'), {
    sharedByInstances: true,
  });
});
