import { randomUUID } from 'node:crypto';
import type { Role } from '@moba/contracts';
import type { TestClient } from '@moba/platform/testing';
import type { RouteSpec } from '../../../gateway/src/route-table';
import { simulateSeason } from '../../../scripts/season/simulate-season';
import { ADMIN, loginAdmin } from '../../support/product';

export type Caller = 'visitor' | Role;
export const CALLERS: Caller[] = ['visitor', 'Worker', 'Estate', 'Admin'];
export type Session = { userId: string; auth: Record<string, string> };

/** Roles the gateway lets through for a route (every role for 'public' and 'user'). */
export const allowedRoles = (route: RouteSpec): Role[] =>
  route.access === 'public' || route.access === 'user' ? ['Worker', 'Estate', 'Admin'] : [...route.access];

/** What authorization must answer for a caller: 'pass' (not refused), 401 or 403. */
export function expectedAuthorization(route: RouteSpec, caller: Caller): 'pass' | 401 | 403 {
  if (route.access === 'public') return 'pass';
  if (caller === 'visitor') return 401;
  return allowedRoles(route).includes(caller) ? 'pass' : 403;
}

/** A concrete path for a route: every `:param` becomes a fresh UUID v4 (or a photo file name). */
export function concretePath(route: RouteSpec, ids: Record<string, string> = {}): string {
  return (
    '/api' +
    route.path.replace(/:([a-zA-Z]+)/g, (_m, name: string) => {
      if (ids[name]) return ids[name];
      if (name === 'file') return `${randomUUID()}-0123456789abcdef.webp`;
      if (name === 'outcome') return 'succeeded';
      return randomUUID();
    })
  );
}

/**
 * A small season built through the public API (the season simulator): estates with mobas, workers
 * with applications and accepts, the first jobs finished and rated. Sessions for each role, plus a
 * second user of each role (the stranger of IDOR checks).
 */
export async function buildWorld(client: TestClient, seed = 1313) {
  const season = await simulateSeason(client, {
    estates: 2,
    workers: 4,
    mobasPerEstate: 2,
    seed,
    admin: ADMIN,
    finishJobs: true,
  });
  const admin = await loginAdmin(client);
  const sessions: Record<Role, Session> = {
    Worker: season.workerSessions[0],
    Estate: season.estateSessions[0],
    Admin: admin,
  };
  return { season, sessions, admin };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;
