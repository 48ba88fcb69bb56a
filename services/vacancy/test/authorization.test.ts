import type { Role } from '@moba/contracts';
import { testToken } from '@moba/platform/testing';
import { startVacancy, validVacancy, type VacancyHarness } from './helpers';

let h: VacancyHarness;
beforeAll(async () => {
  h = await startVacancy();
});
afterAll(() => h.stop());

type Who = 'visitor' | Role;
interface RouteCase {
  name: string;
  call: (auth: Record<string, string>, ownerAuth: Record<string, string>) => Promise<{ status: number }>;
  /** The one role allowed, or 'anyone' for a public route (a visitor too). */
  allowed: Role | 'anyone';
  /** A second role allowed as well (an admin acting on any estate's moba). */
  alsoAllowed?: Role;
  okStatus: number;
}

/** A route with no moba to create first: GET, or POST with an empty filter; 200 for the allowed. */
const plainRoute = (method: 'GET' | 'POST', path: string, allowed: RouteCase['allowed']): RouteCase => ({
  name: `${method} ${path}`,
  call: (auth) => (method === 'GET' ? h.client.get(path, auth) : h.client.post(path, {}, auth)),
  allowed,
  okStatus: 200,
});

const routes: RouteCase[] = [
  plainRoute('GET', '/vacancies/preview', 'anyone'),
  plainRoute('GET', '/vacancies/open-by-crop', 'anyone'),
  {
    name: 'GET /vacancies/:id',
    call: async (auth, ownerAuth) => h.client.get(`/vacancies/${await h.create(ownerAuth)}`, auth),
    allowed: 'anyone',
    okStatus: 200,
  },
  {
    name: 'POST /estates/vacancies/create',
    call: (auth) => h.client.post('/estates/vacancies/create', validVacancy(h.today()), auth),
    allowed: 'Estate',
    okStatus: 201,
  },
  plainRoute('GET', '/estates/vacancies/all', 'Estate'),
  {
    name: 'DELETE /estates/vacancies/:id',
    call: async (auth, ownerAuth) => h.client.delete(`/estates/vacancies/${await h.create(ownerAuth)}`, auth),
    allowed: 'Estate',
    okStatus: 200,
  },
  {
    name: 'PUT /estates/vacancies/:id/day-of-work',
    call: async (auth, ownerAuth) =>
      h.client.put(
        `/estates/vacancies/${await h.create(ownerAuth)}/day-of-work`,
        { confirmation: { askAt: '17:00' } },
        auth,
      ),
    allowed: 'Estate',
    alsoAllowed: 'Admin',
    okStatus: 200,
  },
  plainRoute('GET', '/estates/featuring-offer', 'Estate'),
  {
    name: 'POST /estates/vacancies/:id/feature',
    call: async (auth, ownerAuth) =>
      h.client.post(`/estates/vacancies/${await h.create(ownerAuth)}/feature`, {}, auth),
    allowed: 'Estate',
    okStatus: 200,
  },
  plainRoute('POST', '/workers/vacancies/open', 'Worker'),
  plainRoute('POST', '/admin/vacancies/open', 'Admin'),
  plainRoute('POST', '/admin/vacancies/all', 'Admin'),
  {
    name: 'POST /workers/vacancies/:id/report',
    call: async (auth, ownerAuth) =>
      h.client.post(`/workers/vacancies/${await h.create(ownerAuth)}/report`, { reason: 'other' }, auth),
    allowed: 'Worker',
    okStatus: 201,
  },
  plainRoute('POST', '/admin/vacancies/review', 'Admin'),
  {
    name: 'POST /admin/vacancies/:id/decide',
    call: async (auth, ownerAuth) =>
      h.client.post(
        `/admin/vacancies/${await h.create(ownerAuth, { dailyWage: 1000 })}/decide`,
        { decision: 'approve', note: 'provereno' },
        auth,
      ),
    allowed: 'Admin',
    okStatus: 200,
  },
];

const whos: Who[] = ['visitor', 'Worker', 'Estate', 'Admin'];
const table = routes.flatMap((r) =>
  whos.map(
    (who) =>
      [
        r.name,
        who,
        r.allowed === 'anyone' || who === r.allowed || who === r.alsoAllowed
          ? r.okStatus
          : who === 'visitor'
            ? 401
            : 403,
        r,
      ] as const,
  ),
);

describe('authorization matrix of the vacancy routes', () => {
  it.each(table)('%s as %s answers %i', async (_name, who, expected, route) => {
    const owner = await testToken('Estate');
    // the allowed Estate acts on its own vacancy; everyone else on that same estate's vacancy
    const auth = who === 'visitor' ? {} : who === 'Estate' ? owner.auth : (await testToken(who)).auth;
    expect((await route.call(auth, owner.auth)).status).toBe(expected);
  });

  it('refuses an expired or forged token with 401', async () => {
    const expired = await testToken('Estate', {}, -10);
    expect((await h.client.get('/estates/vacancies/all', expired.auth)).status).toBe(401);
    expect(
      (await h.client.get('/estates/vacancies/all', { authorization: 'Bearer abc.def.ghi' })).status,
    ).toBe(401);
  });
});

describe('an estate touches only its own vacancies (IDOR)', () => {
  it("cannot delete another estate's vacancy: 404 as if missing, and the vacancy stays", async () => {
    const owner = await h.estate();
    const stranger = await h.estate();
    const id = await h.create(owner.auth);
    const res = await h.client.delete(`/estates/vacancies/${id}`, stranger.auth);
    expect(res.status).toBe(404);
    expect(
      ((await h.client.get('/estates/vacancies/all', owner.auth)).body as { id: string }[]).map((v) => v.id),
    ).toEqual([id]);
    expect(await h.eventsOf('VacancyDeleted', id)).toEqual([]);
  });

  it("cannot feature another estate's vacancy: 404 as if missing, and it stays as it was", async () => {
    const owner = await h.estate();
    const stranger = await h.estate();
    const id = await h.create(owner.auth);
    expect((await h.client.post(`/estates/vacancies/${id}/feature`, {}, stranger.auth)).status).toBe(404);
    expect((await h.client.get('/estates/vacancies/all', owner.auth)).body[0]).toMatchObject({
      id,
      featured: false,
      featuring: 'none',
    });
    expect(await h.eventsOf('VacancyFeatured', id)).toEqual([]);
  });

  it("cannot set another estate's meeting details: 404 as if missing, and nothing changes", async () => {
    const owner = await h.estate();
    const stranger = await h.estate();
    const id = await h.create(owner.auth);
    const body = {
      meeting: { point: 'Kod stranca', time: '05:00', contactName: 'Stranac', contactPhone: '0641112223' },
    };
    const res = await h.client.put(`/estates/vacancies/${id}/day-of-work`, body, stranger.auth);
    expect(res.status).toBe(404);
    expect(await h.eventsOf('VacancyDayOfWorkSet', id)).toHaveLength(1);
    const doc = await h.service.context.store.vacancies.findOne({ _id: id });
    expect(doc!.dayOfWork!.meeting).toBeNull();
  });

  it("does not see another estate's vacancies in its list", async () => {
    const owner = await h.estate();
    const stranger = await h.estate();
    await h.create(owner.auth);
    expect((await h.client.get('/estates/vacancies/all', stranger.auth)).body).toEqual([]);
  });

  it('creates vacancies only in its own name, whatever the body says', async () => {
    const owner = await h.estate();
    const other = await h.estate();
    const res = await h.client.post(
      '/estates/vacancies/create',
      { ...validVacancy(h.today()), estateId: other.id },
      owner.auth,
    );
    expect(res.status).toBe(201);
    expect((await h.client.get('/estates/vacancies/all', other.auth)).body).toEqual([]);
  });
});

describe('route ids must be UUID v4', () => {
  it.each([
    ['not-a-uuid'],
    ['123'],
    ['6ba7b810-9dad-11d1-80b4-00c04fd430c8'],
    ['00000000-0000-0000-0000-000000000000'],
  ])('DELETE /estates/vacancies/%s answers 400', async (id) => {
    const estate = await h.estate();
    const res = await h.client.delete(`/estates/vacancies/${id}`, estate.auth);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('id');
  });

  it('answers 404 for an unknown UUID v4', async () => {
    const estate = await h.estate();
    expect((await h.client.delete(`/estates/vacancies/${crypto.randomUUID()}`, estate.auth)).status).toBe(
      404,
    );
  });
});
