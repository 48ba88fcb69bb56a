import { simulateSeason } from '../scripts/season/simulate-season';
import { ADMIN, loginAdmin, productForFile } from './support/product';

describe('the season simulator (public API only)', () => {
  const { api } = productForFile();

  it('builds a living marketplace: mobas to browse, accepted workers, finished jobs rated both ways', async () => {
    const season = await simulateSeason(api(), {
      estates: 3,
      workers: 8,
      mobasPerEstate: 2,
      seed: 4242,
      admin: ADMIN,
      finishJobs: true,
    });
    expect(season.accepted).toBeGreaterThan(0);
    expect(season.ratings).toBeGreaterThan(0);

    const worker = season.workerSessions[0];
    const browse = await api().post('/api/workers/vacancies/open', {}, worker.auth);
    expect(browse.status).toBe(200);
    expect(browse.body.total).toBeGreaterThan(0);

    const admin = await loginAdmin(api());
    const stats = await api().get('/api/admin/stats', admin.auth);
    expect(stats.body).toMatchObject({ workers: 8, estates: 3, totalVacancies: 6 });

    const rated = await Promise.all(
      season.estateSessions.map((e) => api().get('/api/users/me/ratings', e.auth)),
    );
    expect(rated.some((r) => r.body.count > 0)).toBe(true);
  }, 120_000);
});
