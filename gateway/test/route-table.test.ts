import { createRouteMatcher, routeTable } from '../src';

/** Every call of spec §7, with a sample path (ids are UUID v4). */
const SPEC_CALLS = `
POST /login; POST /users/me/dont-show-guidance; POST /verify-email; POST /reset-password; POST /set-new-password
POST /signup-estate; POST /signup-worker; POST /signup-guest; GET /estates/me; GET /workers/me
PUT /estates/:id; PUT /workers/:id; POST /workers/vacancies/open; GET /estates/vacancies/all; DELETE /estates/vacancies/:id
POST /estates/vacancies/create; GET /estates/vacancies/:id/applicants/approved; POST /applications/create
GET /workers/vacancies/my/active; GET /workers/vacancies/my/finished; GET /workers/vacancy/:id/estate/for-rating
POST /users/:id/rate/estate; GET /estates/vacancy/:id/workers/for-rating; POST /users/:id/rate/worker
POST /users/rate/workers; GET /users/me/ratings; POST /users/me/password; POST /notifications/read; GET /notifications/all
POST /payment/create; POST /contact-us; POST /admin/applications/pending; POST /admin/applications/:id/accept
POST /admin/applications/:id/reject; POST /admin/applications/guest/pending; POST /admin/applications/guest/:id/accept
GET /admin/applications/:id/guest/pending; PUT /admin/applications/:id/update-note; POST /admin/vacancies/open
POST /admin/vacancies/all; POST /admin/users/all; POST /admin/users/:id/ban; POST /admin/users/:id/reactivate; GET /admin/stats`
  .split(/[;\n]/)
  .map((s) => s.trim())
  .filter(Boolean);

const ID = '3f1e2d4c-5b6a-4789-8abc-def012345678';

describe('route table', () => {
  const match = createRouteMatcher();

  it.each(SPEC_CALLS)('routes the spec call %s', (call) => {
    const [method, path] = call.split(' ');
    const route = match(method, path.replace(':id', ID));
    expect(route).toBeDefined();
    expect(route!.path).toBe(path);
  });

  it('declares no route twice', () => {
    const keys = routeTable.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('sends admin paths only to admins', () => {
    for (const route of routeTable.filter((r) => r.path.startsWith('/admin/')))
      expect(route.access).toEqual(['Admin']);
  });
});
