import { distanceBetweenKm } from '@moba/contracts';
import { testToken } from '@moba/platform/testing';
import { startVacancy, type VacancyHarness } from './helpers';

let h: VacancyHarness;
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startVacancy();
  // Pruning, not harvest: a moba of any crop opens at any time of the year (no season hold).
  const make = async (name: string, overrides: Record<string, unknown>) => {
    const estate = await h.estate(`Imanje ${name}`);
    ids[name] = await h.create(estate.auth, { jobActivities: ['rezidba-orezivanje'], ...overrides });
  };
  // Arilje's neighbours at growing distance, one moba far away and one abroad.
  await make('arilje', { municipality: 'Arilje', crops: ['malina'] });
  await make('pozega', { municipality: 'Požega', crops: ['malina'] });
  await make('ivanjica', { municipality: 'Ivanjica', crops: ['malina'] });
  await make('cacak', { municipality: 'Čačak', crops: ['sljiva'] });
  await make('subotica', { municipality: 'Subotica', crops: ['jabuka'] });
  await make('bitola', { municipality: 'Bitola', region: 'MK', crops: ['jabuka'] });
  await make('featured', { municipality: 'Subotica', crops: ['jabuka'], sponsored: true });
});
afterAll(() => h.stop());

type Item = { id: string; distanceKm?: number; municipality: string; region?: string };
const browse = async (
  filters: Record<string, unknown>,
  auth = h.worker.auth,
  path = '/workers/vacancies/open',
) => {
  const res = await h.client.post(path, { pageSize: 100, ...filters }, auth);
  expect(res.status).toBe(200);
  return res.body as { items: Item[]; total: number };
};
const nameOf = (id: string) => Object.keys(ids).find((k) => ids[k] === id);
const km = (to: string, region?: 'MK') =>
  distanceBetweenKm({ municipality: 'Arilje' }, { municipality: to, region })!;

describe('browse by distance from a municipality (great-circle, seat to seat)', () => {
  const near = { municipality: 'Arilje' };

  it('gives every card its distance in whole km from the chosen place', async () => {
    const page = await browse({ near });
    const byName = Object.fromEntries(page.items.map((v) => [nameOf(v.id), v.distanceKm]));
    expect(byName).toMatchObject({
      arilje: 0,
      pozega: km('Požega'),
      ivanjica: km('Ivanjica'),
      subotica: km('Subotica'),
      bitola: km('Bitola', 'MK'),
    });
    expect(km('Požega')).toBeLessThan(20);
    expect(km('Subotica')).toBeGreaterThan(200);
  });

  it('sorts nearest first (featured no longer first), ties in the browse order', async () => {
    const page = await browse({ near, sort: 'distance' });
    const names = page.items.map((v) => nameOf(v.id));
    expect(names.slice(0, 4)).toEqual(
      ['arilje', 'pozega', 'ivanjica', 'cacak'].sort((a, b) => km(nameOfPlace(a)) - km(nameOfPlace(b))),
    );
    const distances = page.items.map((v) => v.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // featured Subotica and plain Subotica tie on distance: the featured one first
    expect(names.indexOf('featured')).toBe(names.indexOf('subotica') - 1);
  });

  it.each([10, 30, 50, 100])('keeps only the mobas within %i km', async (withinKm) => {
    const local = ['arilje', 'pozega', 'ivanjica', 'cacak'];
    const expected = local.filter((n) => km(nameOfPlace(n)) <= withinKm).sort();
    const page = await browse({ near, withinKm });
    expect(page.items.map((v) => nameOf(v.id)).sort()).toEqual(expected);
    expect(page.total).toBe(expected.length);
    expect(page.items.every((v) => v.distanceKm! <= withinKm)).toBe(true);
  });

  it('lets the limits tell the places apart', async () => {
    const sizes = await Promise.all(
      [10, 30, 100].map(async (withinKm) => (await browse({ near, withinKm })).total),
    );
    expect(sizes[0]).toBeGreaterThanOrEqual(1);
    expect(sizes[1]).toBeGreaterThan(sizes[0]);
    expect(sizes[2]).toBeLessThan(7); // Subotica and Bitola are farther
  });

  it('pages a distance sort the same way as one long list', async () => {
    const all = (await browse({ near, sort: 'distance' })).items.map((v) => v.id);
    const first = await h.client.post(
      '/workers/vacancies/open',
      { near, sort: 'distance', pageSize: 3 },
      h.worker.auth,
    );
    const second = await h.client.post(
      '/workers/vacancies/open',
      { near, sort: 'distance', pageSize: 3, page: 2 },
      h.worker.auth,
    );
    expect([...first.body.items, ...second.body.items].map((v: Item) => v.id)).toEqual(all.slice(0, 6));
  });

  it('measures from a place of another country, typed in Cyrillic', async () => {
    const page = await browse({ near: { municipality: 'Битола', region: 'MK' }, sort: 'distance' });
    expect(nameOf(page.items[0].id)).toBe('bitola');
    expect(page.items[0].distanceKm).toBe(0);
  });

  it('combines distance with the other filters', async () => {
    const page = await browse({ near, withinKm: 50, crop: 'malina', sort: 'distance' });
    expect(page.items.map((v) => nameOf(v.id))).toEqual(
      ['arilje', 'pozega', 'ivanjica'].sort((a, b) => km(nameOfPlace(a)) - km(nameOfPlace(b))),
    );
  });

  it('works the same on the admin lists read from the store', async () => {
    const open = await browse(
      { near, withinKm: 30, sort: 'distance' },
      h.admin.auth,
      '/admin/vacancies/open',
    );
    const all = await browse({ near, withinKm: 30, sort: 'distance' }, h.admin.auth, '/admin/vacancies/all');
    expect(all.items.map((v) => [v.id, v.distanceKm])).toEqual(open.items.map((v) => [v.id, v.distanceKm]));
  });

  it.each([
    ['an unknown place', { near: { municipality: 'Atlantis' } }, 'near.municipality', 'unknown_municipality'],
    [
      'a place of another region',
      { near: { municipality: 'Bitola' } },
      'near.municipality',
      'unknown_municipality',
    ],
    ['a distance not offered', { near, withinKm: 25 }, 'withinKm', 'invalid_option'],
    ['a distance without a place', { withinKm: 30 }, 'near', 'required'],
    ['a distance sort without a place', { sort: 'distance' }, 'near', 'required'],
    ['an unknown sort', { near, sort: 'cheapest' }, 'sort', 'invalid_option'],
  ])('answers 400 naming the field for %s', async (_label, filters, field, code) => {
    const res = await h.client.post('/workers/vacancies/open', filters, h.worker.auth);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field, code })]),
    );
  });
});

describe("a worker's browse measures from the municipality of their profile", () => {
  let me: Awaited<ReturnType<typeof testToken>>;
  beforeAll(async () => {
    me = await testToken('Worker');
    await h.deliverUserEvent('UserRegistered', me, 'Worker', { region: 'RS', municipality: 'Arilje' });
  });

  it('sorts nearest first from there and says which place it measured from', async () => {
    const page = await browse({}, me.auth);
    expect((page as unknown as { near: unknown }).near).toEqual({ municipality: 'Arilje', region: 'RS' });
    expect(nameOf(page.items[0].id)).toBe('arilje');
    const distances = page.items.map((v) => v.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('keeps featured first when asked, still with distances', async () => {
    const page = await browse({ sort: 'featured' }, me.auth);
    expect(nameOf(page.items[0].id)).toBe('featured');
    expect(page.items[0].distanceKm).toBe(km('Subotica'));
  });

  it('limits the distance from there, and follows a move to another municipality', async () => {
    expect((await browse({ withinKm: 10 }, me.auth)).items.map((v) => nameOf(v.id))).toEqual(['arilje']);
    await h.deliverUserEvent('ProfileUpdated', me, 'Worker', { municipality: 'Subotica' });
    const moved = await browse({ withinKm: 10 }, me.auth);
    expect(moved.items.map((v) => nameOf(v.id)).sort()).toEqual(['featured', 'subotica']);
  });

  it('measures from a place the worker picks instead', async () => {
    const page = await browse({ near: { municipality: 'Bitola', region: 'MK' } }, me.auth);
    expect(nameOf(page.items[0].id)).toBe('bitola');
  });

  it('is kept in the store, so a restarted instance knows it', async () => {
    const stored = await h.service.context.store.workerPlaces.findOne({ _id: me.id });
    expect(stored).toMatchObject({ municipality: 'Subotica', region: 'RS' });
  });

  it('leaves a worker without a known municipality unsorted by distance', async () => {
    const page = await browse({});
    expect(page.items[0].distanceKm).toBeUndefined();
    expect(nameOf(page.items[0].id)).toBe('featured');
  });
});

describe('GET /vacancies/open-by-crop (public)', () => {
  it('counts the Open mobas of each crop for a visitor and every role', async () => {
    const estate = await testToken('Estate');
    for (const auth of [undefined, h.worker.auth, estate.auth, h.admin.auth]) {
      const res = await h.client.get('/vacancies/open-by-crop', auth);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toMatch(/public/);
      expect(res.body.crops).toMatchObject({ malina: 3, sljiva: 1, jabuka: 3 });
    }
  });

  it('follows a deletion', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { crops: ['kupina'] });
    expect((await h.client.get('/vacancies/open-by-crop')).body.crops.kupina).toBe(1);
    await h.client.delete(`/estates/vacancies/${id}`, estate.auth);
    expect((await h.client.get('/vacancies/open-by-crop')).body.crops.kupina ?? 0).toBe(0);
  });
});

function nameOfPlace(name: string): string {
  return { arilje: 'Arilje', pozega: 'Požega', ivanjica: 'Ivanjica', cacak: 'Čačak' }[name]!;
}
