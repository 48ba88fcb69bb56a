import { topics } from '@moba/contracts';
import { addDays, envelope, startVacancy, type VacancyHarness } from './helpers';

/**
 * The free count follows the application service's VacancyPlacesChanged (issue #31 standby): the
 * highest version wins, whatever order the events arrive in; a moba closed only because it was full
 * reopens when places are freed and closes again when full; browse's "free" and "full" agree.
 */
let h: VacancyHarness;
beforeEach(async () => {
  h = await startVacancy();
});
afterEach(() => h.stop());

const placesChanged = (vacancyId: string, freePositions: number, version: number, totalPositions = 3) =>
  envelope('VacancyPlacesChanged', vacancyId, { vacancyId, totalPositions, freePositions, version });
const mine = async (auth: Record<string, string>, id: string) =>
  (
    (await h.client.get('/estates/vacancies/all', auth)).body as {
      id: string;
      status: string;
      freePositions: number;
      filled: boolean;
    }[]
  ).find((v) => v.id === id)!;
const browsed = async (id: string) =>
  (
    (await h.client.post('/workers/vacancies/open', { pageSize: 100 }, h.worker.auth)).body.items as {
      id: string;
      freePositions: number;
      filled: boolean;
    }[]
  ).find((v) => v.id === id);

describe('free places from VacancyPlacesChanged', () => {
  it('keeps the highest version: an older count arriving late or a repeat changes nothing', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { numberOfWorkers: 3 });
    await h.deliver(topics.application, placesChanged(id, 1, 4));
    await h.deliver(topics.application, placesChanged(id, 2, 3)); // older, late
    await h.deliver(topics.application, placesChanged(id, 1, 4)); // repeat
    expect(await mine(estate.auth, id)).toMatchObject({ freePositions: 1, status: 'Open' });
    expect(await browsed(id)).toMatchObject({ freePositions: 1, filled: false });
    await h.deliver(topics.application, placesChanged(id, 2, 5)); // a place freed: the count rises
    expect(await mine(estate.auth, id)).toMatchObject({ freePositions: 2 });
    expect(await browsed(id)).toMatchObject({ freePositions: 2, filled: false });
  });

  it('an acceptance arriving after a newer versioned count does not lower it', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { numberOfWorkers: 3 });
    await h.deliver(topics.application, placesChanged(id, 3, 6));
    await h.deliver(
      topics.application,
      envelope('ApplicationAccepted', crypto.randomUUID(), {
        applicationId: crypto.randomUUID(),
        vacancyId: id,
        estateId: estate.id,
        workerId: crypto.randomUUID(),
        guest: false,
        positions: 1,
        freePositions: 2,
        totalPositions: 3,
      }),
    );
    expect((await mine(estate.auth, id)).freePositions).toBe(3);
  });

  it('closes as full at 0, reopens when places are freed, closes again when full, in any order of versions', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { numberOfWorkers: 3 });
    await h.deliver(topics.application, placesChanged(id, 0, 3));
    expect(await mine(estate.auth, id)).toMatchObject({ status: 'Closed', freePositions: 0, filled: true });
    expect(await browsed(id)).toBeUndefined();

    await h.deliver(topics.application, placesChanged(id, 2, 5));
    await h.deliver(topics.application, placesChanged(id, 0, 4)); // late: ignored
    expect(await mine(estate.auth, id)).toMatchObject({ status: 'Open', freePositions: 2, filled: false });
    expect(await browsed(id)).toMatchObject({ freePositions: 2, filled: false });

    await h.deliver(topics.application, placesChanged(id, 0, 7));
    expect(await mine(estate.auth, id)).toMatchObject({ status: 'Closed', freePositions: 0, filled: true });
    const moves = (await h.eventsOf('VacancyStatusChanged', id)).map((e) => {
      const data = e.data as { to: string; reason: string };
      return [data.to, data.reason];
    });
    expect(moves).toEqual([
      ['Closed', 'full'],
      ['Open', 'places-freed'],
      ['Closed', 'full'],
    ]);
  });

  it('a moba closed for another reason (its start passed) does not reopen when places are freed', async () => {
    const estate = await h.estate();
    const id = await h.create(estate.auth, { numberOfWorkers: 3, endDate: addDays(h.today(), 40) });
    h.deps.clock.advance(21 * 86_400_000); // past the start: the status job closes it as started
    await h.service.runStatusJob();
    expect((await mine(estate.auth, id)).status).toBe('Closed');
    await h.deliver(topics.application, placesChanged(id, 0, 1));
    await h.deliver(topics.application, placesChanged(id, 2, 2));
    expect((await mine(estate.auth, id)).status).not.toBe('Open');
  });
});
