import { randomUUID } from 'node:crypto';
import { DuplicateKeyError, type BaseDoc, type DocumentStore, type Update } from '../../store/document-store';

/**
 * The DocumentStore contract (ARCHITECTURE §3): the MongoDB operator subset every adapter supports.
 * `makeStore` gives a store per test (a real MongoDB may be shared: collection names are fresh).
 */
interface Person extends BaseDoc {
  name: string;
  age?: number;
  city?: string;
  tags?: string[];
  address?: { city: string; zip?: string };
  stock?: number;
  _outbox?: { topic: string; event: { id: string; type: string } }[];
  [extra: string]: unknown;
}

const people: Person[] = [
  {
    _id: 'p1',
    name: 'Ana',
    age: 31,
    city: 'Novi Sad',
    tags: ['picker', 'driver'],
    address: { city: 'Novi Sad', zip: '21000' },
  },
  { _id: 'p2', name: 'Bojan', age: 25, city: 'Subotica', tags: ['picker'], address: { city: 'Subotica' } },
  { _id: 'p3', name: 'Cveta', age: 42, city: 'Novi Sad', tags: [] },
  { _id: 'p4', name: 'Dragan', age: 19, city: 'Sombor', tags: ['driver', 'leader', 'picker'] },
  { _id: 'p5', name: 'Eva', city: 'Zrenjanin' },
];

export function documentStoreContract(
  name: string,
  makeStore: () => DocumentStore | Promise<DocumentStore>,
  { testTimeoutMs = 20000 } = {},
) {
  describe(`DocumentStore contract: ${name}`, () => {
    let store: DocumentStore;
    const fresh = (prefix = 'c') => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const seeded = async () => {
      const collection = await store.collection<Person>(fresh('people'));
      for (const person of people) await collection.insertOne(structuredClone(person));
      return collection;
    };
    const ids = (docs: BaseDoc[]) => docs.map((d) => d._id).sort();

    const it = Object.assign((title: string, run: () => Promise<void>) => test(title, run, testTimeoutMs), {
      each:
        <T extends unknown[]>(table: T[]) =>
        (title: string, run: (...args: T) => Promise<void>) =>
          test.each(table)(title, run, testTimeoutMs),
    });

    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      await store.close();
    });

    describe('documents', () => {
      it('findFields reads only the named fields and _id; a missing field stays missing', async () => {
        const collection = await seeded();
        const found = await collection.findFields({ city: 'Novi Sad' }, ['name', 'age'], {
          sort: { name: 1 },
        });
        expect(found).toEqual([
          { _id: 'p1', name: 'Ana', age: 31 },
          { _id: 'p3', name: 'Cveta', age: 42 },
        ]);
        expect(await collection.findFields({ _id: 'p5' }, ['age', 'name'])).toEqual([
          { _id: 'p5', name: 'Eva' },
        ]);
      });

      it('inserts, reads, updates and deletes a document', async () => {
        const collection = await store.collection<Person>(fresh());
        const inserted = await collection.insertOne({ _id: 'd1', name: 'Ana', age: 30 });
        expect(inserted).toEqual({ _id: 'd1', name: 'Ana', age: 30 });
        expect(await collection.findOne({ _id: 'd1' })).toEqual({ _id: 'd1', name: 'Ana', age: 30 });
        expect(await collection.findOne({ _id: 'missing' })).toBeNull();
        expect(await collection.updateOne({ _id: 'd1' }, { $set: { age: 31 } })).toBe(1);
        expect(await collection.updateOne({ _id: 'missing' }, { $set: { age: 31 } })).toBe(0);
        expect((await collection.findOne({ _id: 'd1' }))?.age).toBe(31);
        expect(await collection.deleteOne({ _id: 'd1' })).toBe(1);
        expect(await collection.deleteOne({ _id: 'd1' })).toBe(0);
        expect(await collection.findOne({ _id: 'd1' })).toBeNull();
      });

      it('keeps nested objects, arrays, booleans, nulls and ISO date strings as they were written', async () => {
        const collection = await store.collection<Person>(fresh());
        const doc = {
          _id: 'n1',
          name: 'N',
          nested: { deep: { list: [1, { a: 'b' }] } },
          yes: false,
          nothing: null,
          at: '2026-07-01T08:00:00.000Z',
        };
        await collection.insertOne(doc);
        expect(await collection.findOne({ _id: 'n1' })).toEqual(doc);
        expect(await collection.find({ _id: 'n1' })).toEqual([doc]);
      });

      it('counts, updates many and deletes many', async () => {
        const collection = await seeded();
        expect(await collection.count({})).toBe(5);
        expect(await collection.count({ city: 'Novi Sad' })).toBe(2);
        expect(await collection.updateMany({ city: 'Novi Sad' }, { $set: { region: 'Vojvodina' } })).toBe(2);
        expect(await collection.count({ region: 'Vojvodina' })).toBe(2);
        expect(await collection.deleteMany({ city: 'Novi Sad' })).toBe(2);
        expect(await collection.count({})).toBe(3);
      });

      it('sorts, skips and limits', async () => {
        const collection = await seeded();
        const byAge = await collection.find({ age: { $exists: true } }, { sort: { age: -1 } });
        expect(byAge.map((p) => p.name)).toEqual(['Cveta', 'Ana', 'Bojan', 'Dragan']);
        const page = await collection.find({}, { sort: { name: 1 }, skip: 1, limit: 2 });
        expect(page.map((p) => p.name)).toEqual(['Bojan', 'Cveta']);
        const twoKeys = await collection.find(
          { city: { $in: ['Novi Sad', 'Subotica'] } },
          { sort: { city: 1, age: -1 } },
        );
        expect(twoKeys.map((p) => p.name)).toEqual(['Cveta', 'Ana', 'Bojan']);
        expect(await collection.find({}, { sort: { name: 1 }, skip: 10 })).toEqual([]);
      });
    });

    describe('filters', () => {
      const cases: [string, Record<string, unknown>, string[]][] = [
        ['equality', { city: 'Novi Sad' }, ['p1', 'p3']],
        ['$eq', { age: { $eq: 25 } }, ['p2']],
        ['$ne (also matches a missing field)', { age: { $ne: 25 } }, ['p1', 'p3', 'p4', 'p5']],
        ['$gt', { age: { $gt: 31 } }, ['p3']],
        ['$gte', { age: { $gte: 31 } }, ['p1', 'p3']],
        ['$lt', { age: { $lt: 25 } }, ['p4']],
        ['$lte and $gte together', { age: { $gte: 19, $lte: 25 } }, ['p2', 'p4']],
        ['string ranges (ISO dates compare as strings)', { name: { $gte: 'B', $lt: 'D' } }, ['p2', 'p3']],
        ['$in', { city: { $in: ['Sombor', 'Zrenjanin'] } }, ['p4', 'p5']],
        ['$nin', { city: { $nin: ['Novi Sad', 'Subotica'] } }, ['p4', 'p5']],
        ['$exists true', { age: { $exists: true } }, ['p1', 'p2', 'p3', 'p4']],
        ['$exists false', { age: { $exists: false } }, ['p5']],
        ['$regex', { name: { $regex: /^(a|b)/i } }, ['p1', 'p2']],
        ['$or', { $or: [{ age: { $lt: 20 } }, { city: 'Zrenjanin' }] }, ['p4', 'p5']],
        ['$and', { $and: [{ city: 'Novi Sad' }, { age: { $gt: 35 } }] }, ['p3']],
        ['$size', { tags: { $size: 1 } }, ['p2']],
        ['$size 0', { tags: { $size: 0 } }, ['p3']],
        ['a value inside an array field', { tags: 'leader' }, ['p4']],
        ['$in against an array field', { tags: { $in: ['driver'] } }, ['p1', 'p4']],
        ['$ne against an array field (no element equals)', { tags: { $ne: 'picker' } }, ['p3', 'p5']],
        [
          '$nin against an array field (no element in the list)',
          { tags: { $nin: ['driver', 'leader'] } },
          ['p2', 'p3', 'p5'],
        ],
        ['$exists true on an empty array', { tags: { $exists: true } }, ['p1', 'p2', 'p3', 'p4']],
        ['$eq next to another operator', { age: { $eq: 31, $gt: 20 } }, ['p1']],
        ['$ne next to another operator', { age: { $gte: 19, $ne: 25 } }, ['p1', 'p3', 'p4']],
        [
          'operators inside $or',
          { $or: [{ age: { $ne: 25, $exists: true } }, { city: { $eq: 'Zrenjanin' } }] },
          ['p1', 'p3', 'p4', 'p5'],
        ],
        ['a dotted path into a sub-document', { 'address.city': 'Subotica' }, ['p2']],
        ['$exists on a dotted path', { 'address.zip': { $exists: true } }, ['p1']],
        ['an array position ("tags.0")', { 'tags.0': 'driver' }, ['p4']],
        ['$exists on an array position ("tags.1")', { 'tags.1': { $exists: true } }, ['p1', 'p4']],
      ];
      it.each(cases)('%s', async (_label, filter, expected) => {
        const collection = await seeded();
        expect(ids(await collection.find(filter))).toEqual(expected);
        expect(await collection.count(filter)).toBe(expected.length);
      });

      it("finds documents with a pending outbox through '_outbox.0'", async () => {
        const collection = await store.collection<Person>(fresh());
        await collection.insertOne({
          _id: 'o1',
          name: 'pending',
          _outbox: [{ topic: 't', event: { id: 'e1', type: 'X' } }],
        });
        await collection.insertOne({ _id: 'o2', name: 'published', _outbox: [] });
        await collection.insertOne({ _id: 'o3', name: 'never had one' });
        expect(ids(await collection.find({ '_outbox.0': { $exists: true } }))).toEqual(['o1']);
      });
    });

    describe('updates', () => {
      it('$set (also dotted), $unset and $inc', async () => {
        const collection = await seeded();
        await collection.updateOne(
          { _id: 'p1' },
          { $set: { 'address.zip': '21101', city: 'Futog' }, $unset: { tags: '' }, $inc: { age: 2 } },
        );
        const ana = await collection.findOne({ _id: 'p1' });
        expect(ana).toEqual({
          _id: 'p1',
          name: 'Ana',
          age: 33,
          city: 'Futog',
          address: { city: 'Novi Sad', zip: '21101' },
        });
        await collection.updateOne({ _id: 'p5' }, { $inc: { age: 1, visits: 3 } });
        expect(await collection.findOne({ _id: 'p5' })).toMatchObject({ age: 1, visits: 3 });
      });

      it('$push one value and several with $each', async () => {
        const collection = await seeded();
        await collection.updateOne({ _id: 'p2' }, { $push: { tags: 'leader' } });
        await collection.updateOne({ _id: 'p2' }, { $push: { tags: { $each: ['cook', 'driver'] } } });
        await collection.updateOne({ _id: 'p5' }, { $push: { tags: { $each: ['new'] } } });
        expect((await collection.findOne({ _id: 'p2' }))?.tags).toEqual([
          'picker',
          'leader',
          'cook',
          'driver',
        ]);
        expect((await collection.findOne({ _id: 'p5' }))?.tags).toEqual(['new']);
      });

      it('$pull a value and a sub-document by a condition on its field', async () => {
        const collection = await store.collection<Person>(fresh());
        const outbox = [
          { topic: 'a.v1', event: { id: 'e1', type: 'A' } },
          { topic: 'a.v1', event: { id: 'e2', type: 'B' } },
        ];
        await collection.insertOne({ _id: 'x', name: 'x', tags: ['a', 'b', 'a'], _outbox: outbox });
        await collection.updateOne({ _id: 'x' }, { $pull: { tags: 'a' } });
        await collection.updateOne({ _id: 'x' }, { $pull: { _outbox: { 'event.id': 'e1' } } });
        const doc = await collection.findOne({ _id: 'x' });
        expect(doc?.tags).toEqual(['b']);
        expect(doc?._outbox).toEqual([outbox[1]]);
        await collection.updateOne({ _id: 'x' }, { $pull: { _outbox: { 'event.id': 'e2' } } });
        expect(await collection.count({ '_outbox.0': { $exists: true } })).toBe(0);
      });

      it('$addToSet adds a value once (also with $each)', async () => {
        const collection = await seeded();
        await collection.updateOne({ _id: 'p2' }, { $addToSet: { tags: 'picker' } });
        await collection.updateOne({ _id: 'p2' }, { $addToSet: { tags: 'cook' } });
        await collection.updateOne({ _id: 'p2' }, { $addToSet: { tags: { $each: ['cook', 'driver'] } } });
        expect((await collection.findOne({ _id: 'p2' }))?.tags).toEqual(['picker', 'cook', 'driver']);
      });

      it('guards a counter with $addToSet in the filter, so a repeated event counts once', async () => {
        const collection = await store.collection<Person>(fresh());
        await collection.insertOne({ _id: 'v', name: 'vacancy', stock: 0, appliedEvents: [] });
        const apply = (eventId: string) =>
          collection.updateOne(
            { _id: 'v', appliedEvents: { $ne: eventId } },
            { $inc: { stock: 1 }, $addToSet: { appliedEvents: eventId } },
          );
        expect(await apply('e1')).toBe(1);
        expect(await apply('e1')).toBe(0);
        expect(await apply('e2')).toBe(1);
        // A late redelivery of the first event, once the list holds another: still counted once.
        expect(await apply('e1')).toBe(0);
        expect((await collection.findOne({ _id: 'v' }))?.stock).toBe(2);
      });

      it('$set on a dotted path creates the missing parents; $unset of a nested field or under a missing parent', async () => {
        const collection = await seeded();
        await collection.updateOne({ _id: 'p5' }, { $set: { 'profile.contact.phone': '061' } });
        expect((await collection.findOne({ _id: 'p5' }))?.profile).toEqual({ contact: { phone: '061' } });
        await collection.updateOne({ _id: 'p1' }, { $unset: { 'address.zip': '', 'missing.field': '' } });
        const ana = await collection.findOne({ _id: 'p1' });
        expect(ana?.address).toEqual({ city: 'Novi Sad' });
        expect(ana).not.toHaveProperty('missing');
      });

      it('$inc by a negative number; $push and $addToSet start a missing array, also under a missing parent', async () => {
        const collection = await seeded();
        await collection.updateOne({ _id: 'p1' }, { $inc: { age: -2 } });
        await collection.updateOne({ _id: 'p5' }, { $push: { 'log.entries': { at: '2026-01-01', n: 1 } } });
        await collection.updateOne({ _id: 'p5' }, { $addToSet: { places: 'Sombor' } });
        expect((await collection.findOne({ _id: 'p1' }))?.age).toBe(29);
        const eva = await collection.findOne({ _id: 'p5' });
        expect(eva?.log).toEqual({ entries: [{ at: '2026-01-01', n: 1 }] });
        expect(eva?.places).toEqual(['Sombor']);
      });

      it('$addToSet compares sub-documents by value', async () => {
        const collection = await store.collection<Person>(fresh());
        await collection.insertOne({ _id: 'x', name: 'x', shifts: [{ day: 1, place: 'A' }] });
        await collection.updateOne({ _id: 'x' }, { $addToSet: { shifts: { day: 1, place: 'A' } } });
        await collection.updateOne({ _id: 'x' }, { $addToSet: { shifts: { day: 2, place: 'A' } } });
        expect((await collection.findOne({ _id: 'x' }))?.shifts).toEqual([
          { day: 1, place: 'A' },
          { day: 2, place: 'A' },
        ]);
      });

      it('$pull sub-documents by a range on their field, and values by $in', async () => {
        const collection = await store.collection<Person>(fresh());
        const sessions = [
          { sessionId: 's1', until: '2026-01-01T00:00:00.000Z' },
          { sessionId: 's2', until: '2026-03-01T00:00:00.000Z' },
          { sessionId: 's3', until: '2026-02-01T00:00:00.000Z' },
        ];
        await collection.insertOne({ _id: 'x', name: 'x', tags: ['a', 'b', 'c'], endedSessions: sessions });
        await collection.updateOne(
          { _id: 'x' },
          {
            $pull: {
              endedSessions: { until: { $lt: '2026-02-15T00:00:00.000Z' } },
              tags: { $in: ['a', 'c'] },
            },
          },
        );
        const doc = await collection.findOne({ _id: 'x' });
        expect(doc?.endedSessions).toEqual([sessions[1]]);
        expect(doc?.tags).toEqual(['b']);
      });

      it('$min and $max set a missing field and otherwise keep the lower / higher value', async () => {
        const collection = await seeded();
        await collection.updateOne({ _id: 'p1' }, { $min: { age: 40, stock: 5 }, $max: { rank: 3 } });
        await collection.updateOne({ _id: 'p1' }, { $min: { stock: 2 }, $max: { rank: 1 } });
        await collection.updateOne({ _id: 'p2' }, { $min: { age: 20 }, $max: { age: 22 } });
        expect(await collection.findOne({ _id: 'p1' })).toMatchObject({ age: 31, stock: 2, rank: 3 });
        expect((await collection.findOne({ _id: 'p2' }))?.age).toBe(22);
      });

      it.each<[string, Update]>([
        ['an unknown operator', { $frobnicate: { name: 'title' } }],
        ['$inc on a string field', { $inc: { name: 1 }, $set: { age: 99 } }],
        ['$push on a non-array field', { $push: { name: 'x' }, $set: { age: 99 } }],
      ])('rejects %s and writes nothing', async (_case, update) => {
        const collection = await seeded();
        const before = await collection.findOne({ _id: 'p1' });
        await expect(collection.updateOne({ _id: 'p1' }, update)).rejects.toThrow();
        expect(await collection.findOne({ _id: 'p1' })).toEqual(before);
      });

      it('upserts: inserts from the filter and the update when nothing matches, updates otherwise', async () => {
        const collection = await store.collection<Person>(fresh());
        expect(
          await collection.updateOne(
            { _id: 'u1' },
            { $set: { name: 'first' }, $inc: { stock: 1 } },
            { upsert: true },
          ),
        ).toBe(1);
        await collection.updateOne(
          { _id: 'u1' },
          { $set: { name: 'second' }, $inc: { stock: 1 } },
          { upsert: true },
        );
        expect(await collection.findOne({ _id: 'u1' })).toEqual({ _id: 'u1', name: 'second', stock: 2 });
        const upserted = await collection.findOneAndUpdate(
          { _id: 'u2' },
          { $set: { name: 'made' } },
          { upsert: true },
        );
        expect(upserted).toEqual({ _id: 'u2', name: 'made' });
        expect(await collection.count({})).toBe(2);
      });
    });

    describe('unique indexes', () => {
      it('rejects a second document with the same unique field as DuplicateKeyError, on insert and on update', async () => {
        const collection = await store.collection<Person>(fresh('users'), {
          indexes: [{ fields: ['email'], unique: true }],
        });
        await collection.insertOne({ _id: 'a', name: 'A', email: 'a@example.rs' });
        await collection.insertOne({ _id: 'b', name: 'B', email: 'b@example.rs' });
        await expect(
          collection.insertOne({ _id: 'c', name: 'C', email: 'a@example.rs' }),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(
          collection.updateOne({ _id: 'b' }, { $set: { email: 'a@example.rs' } }),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(
          collection.insertOne({ _id: 'a', name: 'same id', email: 'z@example.rs' }),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await collection.count({})).toBe(2);
        expect((await collection.findOne({ _id: 'b' }))?.email).toBe('b@example.rs');
      });

      it('enforces a compound unique index on the pair, not on each field', async () => {
        const collection = await store.collection<Person>(fresh('applications'), {
          indexes: [{ fields: ['vacancyId', 'workerId'], unique: true }],
        });
        await collection.insertOne({ _id: '1', name: 'x', vacancyId: 'v1', workerId: 'w1' });
        await collection.insertOne({ _id: '2', name: 'x', vacancyId: 'v1', workerId: 'w2' });
        await collection.insertOne({ _id: '3', name: 'x', vacancyId: 'v2', workerId: 'w1' });
        const error = await collection
          .insertOne({ _id: '4', name: 'x', vacancyId: 'v1', workerId: 'w1' })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect((error as DuplicateKeyError).collection).toMatch(/^applications_/);
        expect(await collection.count({})).toBe(3);
      });

      it('lets a sparse unique index ignore documents without the field', async () => {
        const collection = await store.collection<Person>(fresh('sparse'), {
          indexes: [{ fields: ['pib'], unique: true, sparse: true }],
        });
        await collection.insertOne({ _id: '1', name: 'worker' });
        await collection.insertOne({ _id: '2', name: 'worker' });
        await collection.insertOne({ _id: '3', name: 'estate', pib: '100000001' });
        await expect(
          collection.insertOne({ _id: '4', name: 'estate', pib: '100000001' }),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
      });

      it('gives the same collection (and indexes) when opened twice', async () => {
        const name = fresh('twice');
        const first = await store.collection<Person>(name, {
          indexes: [{ fields: ['email'], unique: true }],
        });
        const second = await store.collection<Person>(name, {
          indexes: [{ fields: ['email'], unique: true }],
        });
        await first.insertOne({ _id: '1', name: 'a', email: 'x' });
        await expect(second.insertOne({ _id: '2', name: 'b', email: 'x' })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        expect(await second.count({})).toBe(1);
      });
    });

    describe('insertNew', () => {
      it('writes into several collections at once and answers which _ids it inserted', async () => {
        const people = await seeded();
        const done = await store.collection<BaseDoc & { at: string }>(fresh('done'));
        await done.insertOne({ _id: 'e1', at: 'before' });
        const inserted = await store.insertNew([
          {
            collection: people.name,
            docs: [
              { _id: 'p1', name: 'Not Ana' } as Person,
              { _id: 'p6', name: 'Filip' } as Person,
              { _id: 'p7', name: 'Goca', tags: ['picker'] } as Person,
              { _id: 'p6', name: 'Filip again' } as Person,
            ],
          },
          { collection: done.name, docs: [{ _id: 'e1' }, { _id: 'e2' }] },
          { collection: done.name, docs: [] },
        ]);
        expect(inserted.map((list) => [...list].sort())).toEqual([['p6', 'p7'], ['e2'], []]);
        expect((await people.findOne({ _id: 'p1' }))?.name).toBe('Ana');
        expect((await people.findOne({ _id: 'p6' }))?.name).toBe('Filip');
        expect(await people.find({ tags: 'picker' })).toHaveLength(4);
        expect(await done.findOne({ _id: 'e1' })).toEqual({ _id: 'e1', at: 'before' });
        expect(await done.count({})).toBe(2);
      });

      it('repeated, writes nothing twice', async () => {
        const collection = await store.collection<Person>(fresh());
        const write = [{ collection: collection.name, docs: [{ _id: 'a', name: 'A' } as Person] }];
        expect(await store.insertNew(write)).toEqual([['a']]);
        expect(await store.insertNew(write)).toEqual([[]]);
        expect(await collection.count({})).toBe(1);
      });

      it('refuses a duplicate on another unique index as DuplicateKeyError', async () => {
        const collection = await store.collection<Person>(fresh('unique'), {
          indexes: [{ fields: ['name'], unique: true }],
        });
        await collection.insertOne({ _id: 'a', name: 'Ana' });
        await expect(
          store.insertNew([{ collection: collection.name, docs: [{ _id: 'b', name: 'Ana' } as Person] }]),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await collection.findOne({ _id: 'b' })).toBeNull();
      });
    });

    describe('findAcross', () => {
      it('reads several collections at once, each as its findFields, in the order asked', async () => {
        const people = await seeded();
        const done = await store.collection<BaseDoc & { at: string; by: string }>(fresh('done'));
        await done.insertOne({ _id: 'e1', at: 'monday', by: 'x' });
        const reads = [
          { collection: done.name, filter: { _id: { $in: ['e1', 'e9'] } }, fields: ['at'] },
          { collection: people.name, filter: { _id: { $in: ['p1', 'p2', 'none'] } }, fields: ['name'] },
          { collection: people.name, filter: { _id: 'p3' }, fields: ['name', 'age'] },
          { collection: done.name, filter: { _id: { $in: [] } }, fields: ['at'] },
        ];
        const found = await store.findAcross(reads);
        expect(found.map((docs) => [...docs].sort((a, b) => a._id.localeCompare(b._id)))).toEqual(
          await Promise.all(
            reads.map(async (read) => {
              const collection = await store.collection(read.collection);
              const docs = await collection.findFields(read.filter, read.fields as never[]);
              return [...docs].sort((a, b) => a._id.localeCompare(b._id));
            }),
          ),
        );
        expect(found[0]).toEqual([{ _id: 'e1', at: 'monday' }]);
        expect(found[1].map((p) => p._id).sort()).toEqual(['p1', 'p2']);
        expect(found[3]).toEqual([]);
        expect(await store.findAcross([])).toEqual([]);
      });

      it('refuses a collection it has not opened, naming it', async () => {
        await expect(
          store.findAcross([{ collection: fresh('unopened'), filter: {}, fields: [] }]),
        ).rejects.toThrow(/not open/);
      });
    });

    describe('findOneAndUpdate', () => {
      it('returns the document after the update, or null when nothing matched', async () => {
        const collection = await seeded();
        expect(
          await collection.findOneAndUpdate({ _id: 'p2', age: { $lt: 30 } }, { $inc: { age: 1 } }),
        ).toMatchObject({ _id: 'p2', age: 26 });
        expect(
          await collection.findOneAndUpdate({ _id: 'p2', age: { $gt: 90 } }, { $inc: { age: 1 } }),
        ).toBeNull();
        expect((await collection.findOne({ _id: 'p2' }))?.age).toBe(26);
      });

      it('is atomic: 50 concurrent conditional decrements of a stock of 30 give 30 successes and never go below zero', async () => {
        const collection = await store.collection<Person>(fresh('capacity'));
        await collection.insertOne({ _id: 'vacancy', name: 'v', stock: 30 });
        const results = await Promise.all(
          [...Array(50)].map(() =>
            collection.findOneAndUpdate({ _id: 'vacancy', stock: { $gt: 0 } }, { $inc: { stock: -1 } }),
          ),
        );
        const won = results.filter((r) => r !== null);
        expect(won).toHaveLength(30);
        expect(new Set(won.map((r) => r?.stock)).size).toBe(30);
        expect((await collection.findOne({ _id: 'vacancy' }))?.stock).toBe(0);
      });
    });
  });
}
