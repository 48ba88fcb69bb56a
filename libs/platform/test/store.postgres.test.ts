import { Client } from 'pg';
import { createStore } from '../src/adapters';
import {
  DuplicateKeyError,
  type DocumentStore,
  type Filter,
  type IndexSpec,
  type Sort,
} from '../src/store/document-store';
import { createNedbStore } from '../src/store/nedb-store';
import {
  createPostgresStore,
  findAcrossStatement,
  findStatement,
  insertNewStatement,
  postgresSchemaName,
} from '../src/store/postgres-store';
import { documentStoreContract } from '../src/testing/contracts';
import { dropSchemas, freshSchemaPrefix, POSTGRES_URL, whenPostgres, withSchema } from './fixtures/postgres';

const prefix = freshSchemaPrefix('store');
const url = withSchema(prefix);
const shownUrl = POSTGRES_URL.replace(/\/\/[^@]*@/, '//');

describe('postgres:// URL', () => {
  it('gives each service its own schema, under the prefix of ?schema=', () => {
    expect(postgresSchemaName('postgres://u:p@db:5432/moba', 'auth')).toBe('auth');
    expect(postgresSchemaName('postgres://u:p@db:5432/moba?schema=moba', 'vacancy')).toBe('moba_vacancy');
    expect(postgresSchemaName('postgresql://db/moba?schema=Run-7', 'auth')).toBe('run_7_auth');
  });

  it('rejects a bad pool size naming it, before connecting', async () => {
    await expect(createPostgresStore('postgres://u:p@127.0.0.1:1/moba?pool=0', 'x')).rejects.toThrow(/pool/);
    await expect(createPostgresStore('postgres://u:p@127.0.0.1:1/moba?pool=many', 'x')).rejects.toThrow(
      /pool/,
    );
  });
});

describe('statements a connection keeps parsed', () => {
  const nameOf = (filter: Filter, options = {}) => findStatement('s', 'users', filter, options).name;

  it('names the lookups by _id and the inserts, the same name whatever the ids', () => {
    const one = nameOf({ _id: 'a' }, { limit: 1 });
    expect(one).toMatch(/^moba_[0-9a-f]{24}$/);
    expect(nameOf({ _id: 'b' }, { limit: 1 })).toBe(one);
    const list = nameOf({ _id: { $in: ['a'] } });
    expect(list).toBeDefined();
    expect(nameOf({ _id: { $in: ['a', 'b', 'c'] } })).toBe(list);
    expect(findStatement('s', 'vacancies', { _id: 'a' }, { limit: 1 }).name).not.toBe(one);
    const insert = (ids: string[]) =>
      insertNewStatement('s', [{ collection: 'users', docs: ids.map((_id) => ({ _id })) }]).name;
    expect(insert(['a'])).toMatch(/^moba_/);
    expect(insert(['b', 'c'])).toBe(insert(['a']));
    const across = (ids: string[], filter: Filter = { _id: { $in: ids } }) =>
      findAcrossStatement('s', [
        { collection: 'a', filter: { _id: { $in: ids } }, fields: ['x'] },
        { collection: 'b', filter, fields: ['y'] },
      ]).name;
    expect(across(['1'])).toMatch(/^moba_/);
    expect(across(['1', '2'])).toBe(across(['3']));
    expect(across(['1'], { y: 'z' })).toBeUndefined();
  });

  it('leaves unnamed what would make a new text for new values: other fields, pages, long limits', () => {
    expect(nameOf({ status: 'open' }, { limit: 1 })).toBeUndefined();
    expect(nameOf({ _id: 'a', status: 'open' })).toBeUndefined();
    expect(nameOf({ _id: { $in: [1, 2] } })).toBeUndefined();
    expect(nameOf({ _id: { $nin: ['a'] } })).toBeUndefined();
    expect(nameOf({ _id: { $in: ['a'] } }, { skip: 20 })).toBeUndefined();
    expect(nameOf({ _id: { $in: ['a'] } }, { limit: 20 })).toBeUndefined();
  });
});

whenPostgres('DocumentStore on postgres://', () => {
  afterAll(() => dropSchemas(prefix));
  documentStoreContract(`postgres:// (${shownUrl})`, () => createPostgresStore(url, 'contract'));

  let sql: Client;
  const opened: DocumentStore[] = [];
  const open = async (service: string, at = url) => {
    const store = await createPostgresStore(at, service);
    opened.push(store);
    return store;
  };
  beforeAll(async () => {
    sql = new Client({ connectionString: POSTGRES_URL });
    await sql.connect();
  });
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    await sql.end();
  });
  const indexesOf = async (schema: string, table: string) =>
    (
      await sql.query<{ indexdef: string }>(
        'SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = $2 ORDER BY indexname',
        [schema, table],
      )
    ).rows.map((r) => r.indexdef);

  const declared: IndexSpec[] = [
    { fields: ['email'], unique: true },
    { fields: ['phone'], unique: true, sparse: true },
    { fields: ['vacancyId', 'workerId'], unique: true },
    { fields: ['status'] },
    { fields: ['emailLink.hash'], sparse: true },
  ];

  it('makes every declared index a real PostgreSQL index on the JSON path', async () => {
    const store = await open('indexes');
    await store.collection('users', { indexes: declared });
    const defs = await indexesOf(`${prefix}_indexes`, 'users');
    const find = (pattern: RegExp) => defs.filter((d) => pattern.test(d));
    expect(find(/UNIQUE INDEX .*\(_id\)/)).toHaveLength(1); // the primary key
    expect(find(/^CREATE UNIQUE INDEX .*'\{email\}'.*NULLS NOT DISTINCT$/)).toHaveLength(1);
    expect(
      find(/^CREATE UNIQUE INDEX .*'\{phone\}'.* WHERE \(\(doc #> '\{phone\}'::text\[\]\) IS NOT NULL\)$/),
    ).toHaveLength(1);
    expect(find(/^CREATE UNIQUE INDEX .*'\{vacancyId\}'.*'\{workerId\}'.*NULLS NOT DISTINCT$/)).toHaveLength(
      1,
    );
    expect(find(/^CREATE INDEX .*'\{status\}'::text\[\]\)+ NULLS FIRST\)$/)).toHaveLength(1);
    expect(find(/^CREATE INDEX .*'\{emailLink,hash\}'.* WHERE /)).toHaveLength(1);
    expect(find(/^CREATE INDEX users_outbox_.*'\{_outbox,0\}'::text\[\]\) IS NOT NULL\)+$/)).toHaveLength(1);
  });

  it('sets up schema, tables and indexes idempotently: twice, and from four stores at once', async () => {
    const first = await open('setup');
    await first.collection('users', { indexes: declared });
    const once = await indexesOf(`${prefix}_setup`, 'users');
    await (await open('setup')).collection('users', { indexes: declared });
    const stores = await Promise.all([...Array(4)].map(() => open('racing')));
    await Promise.all(
      stores.flatMap((s) => ['a', 'b'].map((name) => s.collection(name, { indexes: declared }))),
    );
    expect(await indexesOf(`${prefix}_setup`, 'users')).toEqual(once);
    const raced = await indexesOf(`${prefix}_racing`, 'a');
    expect(raced).toHaveLength(once.length);
    const users = await stores[0].collection<{ _id: string; email: string }>('a');
    await users.insertOne({ _id: '1', email: 'x' });
    expect(await (await stores[3].collection('a')).count({ email: 'x' })).toBe(1);
  });

  describe('on a table with enough rows that a scan would cost', () => {
    const schema = `${prefix}_plans`;
    const plan = async (filter: Filter, options: { sort?: Sort; limit?: number } = {}) => {
      const { text, values } = findStatement(schema, 'vacancies', filter, options);
      const { rows } = await sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    beforeAll(async () => {
      const store = await open('plans');
      const vacancies = await store.collection<{ _id: string; [field: string]: unknown }>('vacancies', {
        indexes: [{ fields: ['estateId'] }, { fields: ['status'] }, { fields: ['startsAt'] }],
      });
      await vacancies.insertOne({
        _id: 'pending',
        estateId: 'e-1',
        status: 'open',
        _outbox: [{ topic: 't' }],
      });
      await sql.query(
        `INSERT INTO "${schema}".vacancies (_id, doc)
         SELECT 'v' || i, jsonb_build_object('_id', 'v' || i, 'estateId', 'e' || (i % 2000),
           'status', (ARRAY['draft','open','closed','finished'])[1 + i % 4],
           'startsAt', '2026-07-' || lpad((1 + i % 28)::text, 2, '0') || 'T08:00:00.000Z', '_outbox', '[]'::jsonb)
         FROM generate_series(1, 20000) AS i`,
      );
      await sql.query(`ANALYZE "${schema}".vacancies`);
    }, 60_000);

    it.each<[string, Filter]>([
      ['equality', { estateId: 'e17' }],
      ['$in', { estateId: { $in: ['e1', 'e2', 'e3'] } }],
      ['$eq with another condition', { estateId: { $eq: 'e5' }, status: 'open' }],
      ['a range', { startsAt: { $gte: '2026-07-03T00:00:00.000Z', $lt: '2026-07-03T23:59:59.000Z' } }],
    ])('%s on an indexed field uses its index', async (_label, filter) => {
      const shown = await plan(filter);
      expect(shown).toMatch(/Index Scan|Bitmap Index Scan/);
      expect(shown).not.toMatch(/Seq Scan/);
    });

    it("finds the pending outbox ('_outbox.0' $exists) through its index, not a scan", async () => {
      const shown = await plan({ '_outbox.0': { $exists: true } }, { limit: 200 });
      expect(shown).toMatch(/vacancies_outbox_/);
      expect(shown).not.toMatch(/Seq Scan/);
    });

    it('reads a sorted page of an indexed field in index order', async () => {
      const shown = await plan({}, { sort: { startsAt: -1 }, limit: 20 });
      expect(shown).toMatch(/Index Scan Backward/);
      expect(shown).not.toMatch(/Sort/);
    });

    it('scans an unindexed field (the check above can fail)', async () => {
      expect(await plan({ title: 'x' })).toMatch(/Seq Scan/);
    });
  });

  describe('reads exactly as the embedded store does where the contract is silent', () => {
    const docs = [
      {
        _id: 'a',
        n: 3,
        s: '3',
        when: '2026-07-01',
        list: [1, 5],
        kids: [{ k: 'x', v: 1 }, { k: 'y' }],
        nil: null,
      },
      { _id: 'b', n: 10, s: 'b', when: '2026-07-02', list: [[2]], kids: { k: 'x' }, flag: true },
      { _id: 'c', n: '4', s: 'B', list: [], kids: [], flag: false, nested: { deep: { list: ['q', 'r'] } } },
      { _id: 'd', s: 'ä', when: '2026-06-30', list: 7, nested: { deep: { list: 'q' } } },
      { _id: 'e', n: -1.5, s: 'a', list: ['1'], kids: [{ k: 'z', v: [2, 3] }] },
    ];
    const filters: Filter[] = [
      { n: { $gt: 3 } },
      { n: { $gte: '3' } },
      { n: { $lt: 4 } },
      { n: { $ne: 3 } },
      { n: { $in: [3, '4'] } },
      { n: { $nin: [3, '4'] } },
      { n: true },
      { s: { $gt: 'B' } },
      { s: { $regex: /^[ab]/ } },
      { s: { $regex: /^b$/i } },
      { list: 5 },
      { list: { $gt: 4 } },
      { list: { $size: 2 } },
      { list: [1, 5] },
      { list: { $exists: true } },
      { list: '1' },
      { 'kids.k': 'x' },
      { 'kids.k': { $ne: 'x' } },
      { 'kids.v': 3 },
      { 'kids.v': { $exists: true } },
      { 'kids.1.k': 'y' },
      { kids: { k: 'x' } },
      { 'nested.deep.list': 'q' },
      { nil: null },
      { nil: { $exists: true } },
      { flag: { $ne: true } },
      { flag: { $in: [false, null] } },
      { $or: [{ n: { $gt: 5 } }, { s: { $in: ['a', 'ä'] } }] },
      { $and: [{ when: { $exists: true } }, { when: { $lte: '2026-07-01' } }] },
      { $or: [] },
    ];
    let pg: DocumentStore;
    let nedb: DocumentStore;
    beforeAll(async () => {
      pg = await open('differential');
      nedb = createNedbStore();
      for (const store of [pg, nedb]) {
        const c = await store.collection('mixed');
        for (const doc of docs) await c.insertOne(structuredClone(doc));
      }
    });
    afterAll(() => nedb.close());

    it.each(
      filters.map((f) => [JSON.stringify(f, (_k, v: unknown) => (v instanceof RegExp ? String(v) : v)), f]),
    )('%s', async (_label, filter) => {
      const ids = async (store: DocumentStore) =>
        (await (await store.collection('mixed')).find(filter as Filter)).map((d) => d._id).sort();
      expect(await ids(pg)).toEqual(await ids(nedb));
    });

    it('sorts a field of one type the same way, a missing one first ascending and last descending', async () => {
      for (const sort of [{ when: 1 }, { when: -1 }, { s: 1 }, { s: -1 }] as Sort[]) {
        const order = async (store: DocumentStore) =>
          (await (await store.collection('mixed')).find({}, { sort })).map((d) => d._id);
        expect(await order(pg)).toEqual(await order(nedb));
      }
    });
  });

  it('claims queued documents by a condition without _id: 40 racing claims take each of 20 exactly once', async () => {
    const store = await open('queue');
    const jobs = await store.collection<{ _id: string; state: string; by?: number }>('jobs', {
      indexes: [{ fields: ['state'] }],
    });
    for (let i = 0; i < 20; i++) await jobs.insertOne({ _id: `j${i}`, state: 'queued' });
    const claims = await Promise.all(
      [...Array(40)].map((_, by) =>
        jobs.findOneAndUpdate({ state: 'queued' }, { $set: { state: 'taken', by } }),
      ),
    );
    const taken = claims.filter((c) => c !== null);
    // A claim that lost the race for one row goes on to the next queued one instead of giving up.
    expect(new Set(taken.map((c) => c?._id)).size).toBe(20);
    expect(taken).toHaveLength(20);
    expect(await jobs.count({ state: 'queued' })).toBe(0);
  });

  it('updates one document in two statements without a transaction, and 50 racing $inc lose none', async () => {
    const store = await open('counters');
    const counters = await store.collection<{ _id: string; n: number }>('counters');
    await counters.insertOne({ _id: 'c', n: 0 });
    const spy = jest.spyOn(Client.prototype, 'query');
    try {
      expect(await counters.updateOne({ _id: 'c' }, { $inc: { n: 1 } })).toBe(1);
      const texts = spy.mock.calls.map(([query]) => String((query as { text?: string }).text ?? query));
      expect(texts).toHaveLength(2);
      expect(texts.join(' ')).not.toMatch(/BEGIN|FOR UPDATE/);
    } finally {
      spy.mockRestore();
    }
    // Racing writers change the row between another's read and write: those go the locking way.
    await Promise.all([...Array(50)].map(() => counters.updateOne({ _id: 'c' }, { $inc: { n: 1 } })));
    expect((await counters.findOne({ _id: 'c' }))?.n).toBe(51);
  });

  it('keeps U+0000 and lone surrogates (which PostgreSQL text cannot hold) and U+E000 (their escape) in ids, values and keys', async () => {
    const store = await open('nul');
    const c = await store.collection<{ _id: string; [field: string]: unknown }>('texts', {
      indexes: [{ fields: ['name'], unique: true }],
    });
    const odd = [
      'a\u0000b',
      '\uE000',
      '\uE0000',
      '\\u0000',
      '\u0000\uE000e',
      '\ud800x',
      'x\udfff',
      '\ud83d\ude00',
      'plain',
    ];
    for (const [i, text] of odd.entries())
      await c.insertOne({ _id: `${text}#${i}`, name: text, list: [text], [`k${text}`]: i });
    for (const [i, text] of odd.entries()) {
      expect(await c.findOne({ name: text })).toEqual({
        _id: `${text}#${i}`,
        name: text,
        list: [text],
        [`k${text}`]: i,
      });
      expect(await c.count({ _id: `${text}#${i}` })).toBe(1);
      expect(await c.count({ list: { $in: [text] } })).toBe(1);
    }
    await expect(c.insertOne({ _id: 'again', name: 'a\u0000b' })).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await c.updateOne({ _id: 'a\u0000b#0' }, { $set: { name: 'c\u0000' } })).toBe(1);
    expect((await c.findOne({ _id: 'a\u0000b#0' }))?.name).toBe('c\u0000');
  });

  it('answers named lookups right past the generic plan, and after a new index changes the table', async () => {
    const store = await open('named', `${url}&pool=1`);
    const c = await store.collection<{ _id: string; n: number }>('rows');
    const docs = Array.from({ length: 12 }, (_, n) => ({ _id: `r${n}`, n }));
    expect((await store.insertNew([{ collection: 'rows', docs: docs.slice(0, 6) }]))[0]).toHaveLength(6);
    for (let size = 1; size <= 8; size++) {
      const ids = docs.slice(0, size).map((d) => d._id);
      const found = await c.findFields({ _id: { $in: [...ids, 'missing'] } }, ['n']);
      expect(found.map((d) => d.n).sort((a, b) => a - b)).toEqual(
        docs.slice(0, Math.min(size, 6)).map((d) => d.n),
      );
      expect((await c.findOne({ _id: `r${size}` }))?.n).toBe(size <= 5 ? size : undefined);
    }
    const again = await store.collection<{ _id: string; n: number }>('rows', {
      indexes: [{ fields: ['n'] }],
    });
    expect((await store.insertNew([{ collection: 'rows', docs }]))[0]).toEqual(
      docs.slice(6).map((d) => d._id),
    );
    expect((await again.findOne({ _id: 'r11' }))?.n).toBe(11);
  });

  it('is chosen for postgres:// and postgresql:// store URLs', async () => {
    for (const scheme of ['postgres://', 'postgresql://']) {
      const store = await createStore(url.replace(/^postgres:\/\//, scheme), 'by-url');
      opened.push(store);
      const c = await store.collection<{ _id: string; via: string }>('hello');
      await c.updateOne({ _id: scheme }, { $set: { via: scheme } }, { upsert: true });
    }
    const { rows } = await sql.query(`SELECT _id FROM "${prefix}_by_url".hello ORDER BY _id`);
    expect(rows.map((r: { _id: string }) => r._id)).toEqual(['postgres://', 'postgresql://']);
  });

  it('says which server did not answer', async () => {
    await expect(createPostgresStore('postgres://moba:moba@127.0.0.1:1/none', 'x')).rejects.toThrow(
      /no PostgreSQL answers at 127\.0\.0\.1:1/,
    );
  });
});
