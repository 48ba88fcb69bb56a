import { topics, type PromiseFigure, type VacancyItem } from '@moba/contracts';
import { testToken } from '@moba/platform/testing';
import { envelope, ratingSubmitted, startVacancy, type VacancyHarness } from './helpers';

/**
 * The estate's trust facts on its mobas: "promises kept" (from the rating service's RatingSubmitted)
 * and "verified" (from auth's EstateVerificationChanged). Whatever order the events arrive in, and
 * however often, the cards show the rating service's recount and the latest verification.
 */
let h: VacancyHarness;
beforeAll(async () => {
  h = await startVacancy();
});
afterAll(() => h.stop());

const browse = async (filters: Record<string, unknown> = {}) => {
  const res = await h.client.post('/workers/vacancies/open', { pageSize: 100, ...filters }, h.worker.auth);
  expect(res.status).toBe(200);
  return res.body.items as VacancyItem[];
};
const cardOf = async (id: string) => (await browse()).find((item) => item.id === id)!;

/** The events a run of ratings produces: each carries the recount after it. */
function ratingEvents(estateId: string, outcomes: boolean[]) {
  let kept = 0;
  return outcomes.map((outcome, i) => {
    if (outcome) kept++;
    const promises: PromiseFigure = { jobs: i + 1, kept };
    return ratingSubmitted(estateId, 'Estate', { promisesKept: outcome, promises });
  });
}

const shuffled = <T>(list: T[]) =>
  list
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

describe('promises kept on the cards', () => {
  test('redelivered and reordered rating events end in the recount of all ratings', async () => {
    const estate = await h.estate('Voćnjak Pouzdani');
    const id = await h.create(estate.auth);
    expect((await cardOf(id)).estatePromises).toBeUndefined();
    const outcomes = [true, true, false, true, true, true, true, false, true, true];
    const events = ratingEvents(estate.id, outcomes);
    for (const event of shuffled([...events, ...events.slice(0, 4), events[9]!]))
      await h.deliver(topics.rating, event);
    const recount = { jobs: outcomes.length, kept: outcomes.filter(Boolean).length };
    expect((await cardOf(id)).estatePromises).toEqual(recount);
    // The store agrees with the in-memory browse model, and a new moba of the estate starts with it.
    const mine = await h.client.get('/estates/vacancies/all', estate.auth);
    expect(mine.body.find((v: VacancyItem) => v.id === id).estatePromises).toEqual(recount);
    const later = await h.create(estate.auth);
    expect((await cardOf(later)).estatePromises).toEqual(recount);
  });

  test("a worker's rating and a rating without a checklist change no estate figure", async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth);
    await h.deliver(topics.rating, ratingSubmitted(estate.id, 'Estate'));
    await h.deliver(
      topics.rating,
      ratingSubmitted(h.worker.id, 'Worker', { promises: { jobs: 5, kept: 5 } }),
    );
    expect((await cardOf(id)).estatePromises).toBeUndefined();
  });
});

describe('verified estates on the cards and the "verified only" filter', () => {
  const change = (estateId: string, verified: boolean, changedAt: string) =>
    envelope('EstateVerificationChanged', estateId, { estateId, verified, changedAt });

  test('the latest change wins whatever the order; the filter shows only verified estates', async () => {
    const verifiedEstate = await h.estate('Imanje Provereno');
    const other = await h.estate('Imanje Novo');
    const verifiedMoba = await h.create(verifiedEstate.auth);
    const otherMoba = await h.create(other.auth);
    const verify = change(verifiedEstate.id, true, '2026-07-02T10:00:00.000Z');
    const revokeEarlier = change(verifiedEstate.id, false, '2026-07-01T10:00:00.000Z');
    await h.deliver(topics.auth, verify);
    await h.deliver(topics.auth, revokeEarlier); // late: older than the verification
    await h.deliver(topics.auth, verify); // redelivered
    expect((await cardOf(verifiedMoba)).estateVerified).toBe(true);
    expect((await cardOf(otherMoba)).estateVerified).toBeUndefined();
    const onlyVerified = (await browse({ verifiedOnly: true })).map((v) => v.id);
    expect(onlyVerified).toContain(verifiedMoba);
    expect(onlyVerified).not.toContain(otherMoba);

    await h.deliver(topics.auth, change(verifiedEstate.id, false, '2026-07-03T10:00:00.000Z'));
    expect((await cardOf(verifiedMoba)).estateVerified).toBeUndefined();
    expect((await browse({ verifiedOnly: true })).map((v) => v.id)).not.toContain(verifiedMoba);
    const all = await h.client.post(
      '/admin/vacancies/all',
      { verifiedOnly: true, pageSize: 100 },
      (await testToken('Admin')).auth,
    );
    expect(all.body.items.map((v: VacancyItem) => v.id)).not.toContain(verifiedMoba);
  });
});
