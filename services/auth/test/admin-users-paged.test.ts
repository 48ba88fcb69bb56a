import type { AdminUsersQuery } from '@moba/contracts';
import { adminUsersQuerySchema } from '@moba/contracts';
import type { DocumentStore } from '@moba/platform';
import { countingStore } from '@moba/platform/testing';
import { toAdminUserItem, type UserDoc } from '../src/domain/user';
import { crossScriptPattern } from '../src/search-text';
import { onEachStore } from '../../../libs/platform/test/fixtures/postgres';
import { adminAccount, estateInput, startAuth, workerInput, type Account, type Auth } from './helpers';

function adminUsersOn(storeName: string, openStore: () => Promise<DocumentStore>) {
  let auth: Auth;
  let admin: Account;
  let counting: ReturnType<typeof countingStore>;

  beforeAll(async () => {
    counting = countingStore(await openStore(), 'users');
    auth = await startAuth({}, counting.store);
    admin = await adminAccount(auth);
    const names = ['Petar', 'Ana', 'Zoran', 'Milica', 'Ana', 'Bojan', 'Vesna', 'Dragan', 'Jelena', 'Ivan'];
    for (const [i, name] of names.entries()) {
      const estate = i % 3 === 0;
      const input = estate
        ? estateInput({ firstName: name, lastName: 'Test', estateName: `${name} farma` })
        : workerInput({ firstName: name, lastName: 'Test' });
      const signup = await auth.client.post(estate ? '/signup-estate' : '/signup-worker', input);
      expect(signup.status).toBe(201);
      if (i % 4 === 1) {
        const ban = await auth.client.post(
          `/admin/users/${signup.body.userId}/ban`,
          { reason: 'lažni nalog' },
          admin.headers,
        );
        expect(ban.status).toBe(200);
      }
      // Distinct registration times: the date order has no ties to break.
      auth.deps.clock.advance(60_000);
    }
  }, 60_000);
  afterAll(async () => {
    await auth.stop();
    await counting.store.close();
  });

  const list = async (body: Record<string, unknown>) => {
    const res = await auth.client.post('/admin/users/all', body, admin.headers);
    expect(res.status).toBe(200);
    return res.body as { items: { id: string }[]; total: number; page: number; pageSize: number };
  };

  /** The list as answered from every user read, filtered, sorted and paged here. */
  async function answerReadInFull(body: Record<string, unknown>) {
    const query: AdminUsersQuery = adminUsersQuerySchema.parse(body);
    const users = await (await counting.store.collection<UserDoc>('users')).find({});
    const text = query.search ? new RegExp(crossScriptPattern(query.search)) : undefined;
    const keys = (u: UserDoc) =>
      query.sort === 'name' ? [u.nameKey, invert(u.registeredAt)] : [invert(u.registeredAt), u.nameKey];
    const matching = users
      .filter((u) => (query.role ? u.role === query.role : u.role === 'Worker' || u.role === 'Estate'))
      .filter((u) => query.status === 'all' || u.banned === (query.status === 'Banned'))
      .filter(
        (u) => !text || [u.fullName, u.estate?.name, u.email].some((v) => v !== undefined && text.test(v)),
      )
      .sort((a, b) => compareKeys(keys(a), keys(b)));
    const from = (query.page - 1) * query.pageSize;
    return {
      items: matching.slice(from, from + query.pageSize).map(toAdminUserItem),
      total: matching.length,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  describe(`POST /admin/users/all pages in the ${storeName} store`, () => {
    it.each<[string, Record<string, unknown>]>([
      ['no filter', {}],
      ['by name', { sort: 'name' }],
      ['the banned', { status: 'Banned' }],
      ['the active estates', { status: 'Active', role: 'Estate' }],
      ['a search', { search: 'ana' }],
      ['a search across scripts, by name', { search: 'фарма', sort: 'name' }],
    ])('answers %s as it did when it read every user, on every page', async (_name, filters) => {
      const { total } = await answerReadInFull(filters);
      if ('status' in filters || 'search' in filters) expect([total > 0, total < 10]).toEqual([true, true]);
      for (const paging of [{}, { pageSize: 3 }, { pageSize: 3, page: 2 }, { pageSize: 3, page: 5 }]) {
        const body = { ...filters, ...paging };
        expect(await list(body)).toEqual(await answerReadInFull(body));
      }
    });

    it('reads from the store only the users of the page asked for', async () => {
      counting.read.docs = 0;
      const page = await list({ pageSize: 3, page: 2 });
      expect(page.items).toHaveLength(3);
      expect(page.total).toBe(10);
      // The admin's own account, read to authorize the call, and the page.
      expect(counting.read.docs).toBe(1 + 3);
    });
  });
}

/** A key that sorts an ISO time newest first. */
const invert = (iso: string) => String(9e15 - Date.parse(iso)).padStart(16, '0');
const compareKeys = (a: string[], b: string[]) => {
  for (const [i, key] of a.entries()) if (key !== b[i]) return key < b[i]! ? -1 : 1;
  return 0;
};

onEachStore('admin users', 'auth', adminUsersOn);
