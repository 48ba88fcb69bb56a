import { TEST_INTERNAL_SECRET } from '@moba/platform/testing';
import { SERVICE_TOKEN_HEADER, signServiceToken } from '@moba/platform';
import { adminUsersPageSchema, tokenStatesSchema } from '@moba/contracts';
import {
  createTestAuthService,
  e164,
  expectNoSecrets,
  signedUp,
  startAuth,
  startAuthWithAdmin,
  uniquePhone,
  workerInput,
  type Account,
  type Auth,
} from './helpers';

let auth: Auth;
let admin: Account;
beforeAll(async () => ({ auth, admin } = await startAuthWithAdmin()));
afterAll(() => auth.stop());

const list = (body: Record<string, unknown>) => auth.client.post('/admin/users/all', body, admin.headers);

describe('admin user list', () => {
  test('lists workers and estates (never admins) with the fields of the admin user list item', async () => {
    const tag = `Zz${Date.now().toString(36)}`;
    const phone = uniquePhone();
    const worker = await signedUp(auth, 'Worker', { lastName: tag, phone });
    const estate = await signedUp(auth, 'Estate', { estateName: `${tag} Imanje` });
    const res = await list({ search: tag });
    expect(res.status).toBe(200);
    const page = adminUsersPageSchema.parse(res.body);
    expect(page.total).toBe(2);
    expect(page.items.find((i) => i.id === worker.id)).toMatchObject({
      userType: 'Worker',
      name: `Marko ${tag}`,
      phone: e164(phone),
      dateOfBirth: '1990-05-01',
      skills: 'berba malina',
      availabilityMonths: [6, 7, 8],
      region: 'RS',
      groupLeader: true,
      groupSize: 12,
      status: 'Active',
      banReason: null,
    });
    expect(page.items.find((i) => i.id === estate.id)).toMatchObject({
      userType: 'Estate',
      name: `${tag} Imanje`,
    });
    expectNoSecrets(res.text);
    const all = await list({ pageSize: 100 });
    expect(all.body.items.some((i: { email: string }) => i.email === admin.email)).toBe(false);
  });

  test('search finds by name, e-mail and phone (as typed nationally), case-insensitively', async () => {
    const tag = `Qq${Date.now().toString(36)}`;
    const phone = uniquePhone();
    const worker = await signedUp(auth, 'Worker', {
      firstName: tag,
      phone,
      email: `${tag.toLowerCase()}@example.com`,
    });
    for (const search of [tag.toUpperCase(), `${tag.toLowerCase()}@exa`, phone.slice(0, 8), e164(phone)]) {
      const res = await list({ search });
      expect(res.status).toBe(200);
      expect(res.body.items.map((i: { id: string }) => i.id)).toContain(worker.id);
    }
    expect((await list({ search: 'a.*' })).status).toBe(200);
  });

  test('a text query is never read as a phone: its digits do not match a phone by substring', async () => {
    const phone = uniquePhone();
    const worker = await signedUp(auth, 'Worker', { phone });
    const digits = phone.slice(-4);
    const res = await list({ search: `mw${digits}qq`, pageSize: 100 });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { id: string }) => i.id)).not.toContain(worker.id);
    const asPhone = await list({ search: phone.slice(0, 3) + ' ' + phone.slice(3, 8), pageSize: 100 });
    expect(asPhone.body.items.map((i: { id: string }) => i.id)).toContain(worker.id);
  });

  test('names match across scripts and without diacritics: "Mil" finds Милена, "Dordevic" finds Đorđević', async () => {
    const cyrillic = 'абвгдезиклмнопрстуфхцчшж';
    const latin = [
      'a',
      'b',
      'v',
      'g',
      'd',
      'e',
      'z',
      'i',
      'k',
      'l',
      'm',
      'n',
      'o',
      'p',
      'r',
      's',
      't',
      'u',
      'f',
      'h',
      'c',
      'c',
      's',
      'z',
    ];
    const picks = [...`${Date.now()}${Math.floor(Math.random() * 1e6)}`].map(
      (d, i) => (Number(d) * 7 + i) % cyrillic.length,
    );
    const cyrTag = picks.map((i) => cyrillic[i]).join('');
    const latTag = picks.map((i) => latin[i]).join('');
    const milena = await signedUp(auth, 'Worker', { firstName: 'Милена', lastName: `Ђорђевић${cyrTag}` });
    const dorde = await signedUp(auth, 'Estate', { estateName: `Imanje Đorđević ${latTag}` });
    const ids = async (search: string) =>
      (await list({ search, pageSize: 100 })).body.items.map((i: { id: string }) => i.id) as string[];

    expect(await ids('Mil')).toContain(milena.id);
    expect(await ids(`dordjevic${latTag.toUpperCase()}`)).toEqual([milena.id]);
    expect(await ids(`Đorđević${latTag}`)).toEqual([milena.id]);
    expect(await ids(`Dordevic ${latTag}`)).toEqual([dorde.id]);
    expect(await ids(`Ђорђевић ${cyrTag}`)).toEqual([dorde.id]);
    expect(await ids(`${latTag}`)).toEqual(expect.arrayContaining([milena.id, dorde.id]));
  });

  test('a search shorter than 3 characters answers 400 naming search; an empty search lists everyone', async () => {
    const res = await list({ search: 'ab' });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('body.search');
    expect((await list({ search: '  ' })).status).toBe(200);
  });

  test('sorts by name or by date (newest first) and pages', async () => {
    const tag = `Ss${Date.now().toString(36)}`;
    const b = await signedUp(auth, 'Worker', { firstName: `${tag}b` });
    const a = await signedUp(auth, 'Worker', { firstName: `${tag}a` });
    const c = await signedUp(auth, 'Worker', { firstName: `${tag}c` });
    const byName = await list({ search: tag, sort: 'name' });
    expect(byName.body.items.map((i: { id: string }) => i.id)).toEqual([a.id, b.id, c.id]);
    const byDate = await list({ search: tag, sort: 'date' });
    expect(byDate.body.items.map((i: { id: string }) => i.id)).toEqual([c.id, a.id, b.id]);
    const second = await list({ search: tag, sort: 'name', page: 2, pageSize: 2 });
    expect(second.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.body.items.map((i: { id: string }) => i.id)).toEqual([c.id]);
    for (const body of [{ sort: 'age' }, { page: 0 }, { pageSize: 1000 }, { status: 'gone' }]) {
      expect((await list(body)).status).toBe(400);
    }
  });

  test('filters active and banned users; a banned item carries its reason', async () => {
    const tag = `Ff${Date.now().toString(36)}`;
    const active = await signedUp(auth, 'Worker', { firstName: tag });
    const banned = await signedUp(auth, 'Estate', { firstName: tag, estateName: `${tag} farm` });
    expect(
      (await auth.client.post(`/admin/users/${banned.id}/ban`, { reason: 'fake estate' }, admin.headers))
        .status,
    ).toBe(200);
    const onlyBanned = await list({ search: tag, status: 'Banned' });
    expect(onlyBanned.body.items).toEqual([
      expect.objectContaining({ id: banned.id, status: 'Banned', banReason: 'fake estate' }),
    ]);
    const onlyActive = await list({ search: tag, status: 'Active' });
    expect(onlyActive.body.items.map((i: { id: string }) => i.id)).toEqual([active.id]);
    expect((await list({ search: tag, role: 'Estate' })).body.items.map((i: { id: string }) => i.id)).toEqual(
      [banned.id],
    );
  });
});

describe('ban and reactivate', () => {
  test('a ban needs a reason; banning twice or reactivating an active user answers 409', async () => {
    const worker = await signedUp(auth, 'Worker');
    const noReason = await auth.client.post(`/admin/users/${worker.id}/ban`, { reason: '  ' }, admin.headers);
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.details[0]).toMatchObject({ field: 'body.reason', code: 'required' });
    const numeric = await auth.client.post(`/admin/users/${worker.id}/ban`, { reason: 123 }, admin.headers);
    expect(numeric.status).toBe(400);
    expect(numeric.body.error.details).toEqual([
      { field: 'body.reason', code: 'not_text', message: 'reason must be text' },
    ]);
    const long = await auth.client.post(
      `/admin/users/${worker.id}/ban`,
      { reason: 'x'.repeat(501) },
      admin.headers,
    );
    expect(long.body.error.details[0]).toMatchObject({ field: 'body.reason', code: 'too_long', limit: 500 });
    expect(
      (await auth.client.post(`/admin/users/${worker.id}/reactivate`, undefined, admin.headers)).body.error
        .code,
    ).toBe('AUTH.NOT_BANNED');
    expect(
      (await auth.client.post(`/admin/users/${worker.id}/ban`, { reason: 'abuse' }, admin.headers)).status,
    ).toBe(200);
    const twice = await auth.client.post(`/admin/users/${worker.id}/ban`, { reason: 'abuse' }, admin.headers);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('AUTH.ALREADY_BANNED');
  });

  test('an unknown user answers 404, a non-UUID id 400, an admin cannot be banned', async () => {
    expect(
      (await auth.client.post(`/admin/users/${crypto.randomUUID()}/ban`, { reason: 'x' }, admin.headers))
        .status,
    ).toBe(404);
    expect(
      (await auth.client.post('/admin/users/not-a-uuid/ban', { reason: 'x' }, admin.headers)).status,
    ).toBe(400);
    expect(
      (await auth.client.post(`/admin/users/${admin.id}/ban`, { reason: 'x' }, admin.headers)).body.error
        .code,
    ).toBe('AUTH.CANNOT_BAN_ADMIN');
  });
});

describe('token states for the gateway', () => {
  const asService = (caller: string, secret = TEST_INTERNAL_SECRET, nowMs = Date.now()) => ({
    [SERVICE_TOKEN_HEADER]: signServiceToken(secret, caller, nowMs),
  });

  test('GET /internal/token-states, signed by the gateway, lists every user with only its token version and ban state', async () => {
    const worker = await signedUp(auth, 'Worker');
    await auth.client.post(`/admin/users/${worker.id}/ban`, { reason: 'spam' }, admin.headers);
    const res = await auth.client.get('/internal/token-states', asService('gateway'));
    expect(res.status).toBe(200);
    const states = tokenStatesSchema.parse(res.body);
    expect(states).toContainEqual({ userId: worker.id, tokenVersion: 1, banned: true });
    expect(states).toContainEqual({ userId: admin.id, tokenVersion: 0, banned: false });
    for (const state of res.body as Record<string, unknown>[])
      expect(Object.keys(state).sort()).toEqual(['banned', 'tokenVersion', 'userId']);
  });

  test.each([
    ['no token at all', {}, 401],
    ['an admin session token', () => admin.headers, 401],
    [
      'a token signed with another secret',
      () => asService('gateway', 'another-secret-of-at-least-32-characters'),
      401,
    ],
    ['an expired gateway token', () => asService('gateway', TEST_INTERNAL_SECRET, Date.now() - 120_000), 401],
    ['a garbled token', { [SERVICE_TOKEN_HEADER]: 'v1.gateway.1.nope' }, 401],
    ['another service', () => asService('vacancy'), 403],
  ])('GET /internal/token-states with %s is refused (%#)', async (_label, options, status) => {
    const res = await auth.client.get(
      '/internal/token-states',
      typeof options === 'function' ? options() : options,
    );
    expect(res.status).toBe(status);
    expect(JSON.stringify(res.body)).not.toMatch(/tokenVersion|passwordHash/);
  });
});

describe('first start', () => {
  test('a restart on the same store keeps the one admin and creates no other', async () => {
    const { loadAuthConfig } = await import('../src/config');
    const { createTestDeps } = await import('@moba/platform/testing');
    const deps = createTestDeps();
    const printed: string[] = [];
    const config = loadAuthConfig({
      NODE_ENV: 'test',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      PHOTOS_DIR: auth.photosDir,
    });
    for (let run = 0; run < 2; run++) {
      const service = await createTestAuthService(deps, config, printed);
      await service.start(0);
      await service.stop();
    }
    expect(printed).toHaveLength(1);
    const users = await deps.store.collection('users');
    expect(await users.count({ role: 'Admin' })).toBe(1);
  });

  test('without ADMIN_PASSWORD a password is generated and printed once in a box; the admin can log in with it', async () => {
    const other = await startAuth({ ADMIN_PASSWORD: undefined, ADMIN_EMAIL: 'root@moba.test' });
    try {
      const box = other.printed.join('\n');
      expect(box).toContain('root@moba.test');
      const password = /password: (\S+)/.exec(box)![1];
      const login = await other.client.post('/login', { email: 'root@moba.test', password });
      expect(login.status).toBe(200);
      expect(JSON.parse(Buffer.from(login.body.token.split('.')[1], 'base64url').toString()).role).toBe(
        'Admin',
      );
      const workerSignup = await other.client.post('/signup-worker', workerInput());
      expect(workerSignup.status).toBe(201);
    } finally {
      await other.stop();
    }
  });
});
