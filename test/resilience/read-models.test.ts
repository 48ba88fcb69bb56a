import { simulateSeason } from '../../scripts/season/simulate-season';
import { ADMIN, productForFile } from '../support/product';
import { recount } from './support/drill';

/**
 * The recount of the kill drill, in the embedded mode where the clock can move: finished jobs are rated
 * both ways, so rating summaries (running sum and count) are compared with the ratings listed, next to
 * admin stats, free positions and 'accepted' notifications. (The distributed mode runs on the system
 * clock: no job finishes during a drill, so its rating check sees no ratings.)
 */
const { api } = productForFile();

test('after a season with finished and rated jobs, every read model equals its recount', async () => {
  const season = await simulateSeason(api(), {
    estates: 3,
    workers: 8,
    mobasPerEstate: 2,
    seed: 5150,
    admin: ADMIN,
    finishJobs: true,
  });
  expect(season.ratings).toBeGreaterThan(0);
  const { mismatches, facts } = await recount(
    api(),
    season.workerSessions,
    season.estateSessions,
    () => undefined,
    20_000,
  );
  expect(mismatches).toEqual([]);
  expect(facts.ratings).toBe(season.ratings);
  expect(facts.acceptedApplications).toBeGreaterThan(0);
}, 120_000);
