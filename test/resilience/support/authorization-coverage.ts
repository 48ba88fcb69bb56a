import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeRegExp } from '@moba/contracts';
import type { RouteSpec } from '../../../gateway/src/route-table';

const ROOT = join(__dirname, '../../..');
export const routeKey = (r: Pick<RouteSpec, 'method' | 'path'>) => `${r.method} ${r.path}`;

/**
 * A route path as it may be written in a test: literal segments as they are, each `:param` as a
 * template expression (`${x.id}`), a placeholder (`:self`) or a literal id; it must end there.
 */
export function pathPattern(path: string): RegExp {
  const body = path
    .split(/(:[a-zA-Z]+)/)
    .map((part) =>
      part.startsWith(':') ? '(?:\\$\\{.*?\\}|:[A-Za-z]+|[A-Za-z0-9._-]+)' : escapeRegExp(part),
    )
    .join('');
  return new RegExp(`${body}(?=$|[\`'"\\s?,)])`, 'm');
}

/** Words by which a service's authorization test shows it acts on another user's object. */
const IDOR_MARKER =
  /IDOR|another user|another estate|another worker|stranger|otherEstate|otherWorker|not in the vacancy/i;

export const serviceAuthorizationTest = (service: string) =>
  join(ROOT, 'services', service, 'test', 'authorization.test.ts');

export interface CoverageGap {
  route: string;
  missing: string;
}

/**
 * Every route of the table needs: a row in its service's authorization test (visitor, Worker, Estate,
 * Admin are then exercised by that service's matrix, and by the generic gateway matrix), and when it
 * acts on an object that may be someone else's (`ownsObject`), an IDOR test in that service's file and
 * an IDOR scenario through the gateway (`gatewayIdor`).
 */
export function authorizationGaps(
  table: RouteSpec[],
  gatewayIdor: ReadonlySet<string>,
  readTest: (service: string) => string | undefined = (s) =>
    existsSync(serviceAuthorizationTest(s)) ? readFileSync(serviceAuthorizationTest(s), 'utf8') : undefined,
): CoverageGap[] {
  const gaps: CoverageGap[] = [];
  const files = new Map<string, string | undefined>();
  for (const route of table) {
    if (!files.has(route.service)) files.set(route.service, readTest(route.service));
    const text = files.get(route.service);
    const key = routeKey(route);
    if (text === undefined) {
      gaps.push({
        route: key,
        missing: `services/${route.service}/test/authorization.test.ts does not exist`,
      });
      continue;
    }
    const mentioned = pathPattern(route.path).test(text);
    if (!mentioned)
      gaps.push({
        route: key,
        missing: `no row for ${route.path} in services/${route.service}/test/authorization.test.ts`,
      });
    if (route.ownsObject) {
      if (!mentioned || !IDOR_MARKER.test(text))
        gaps.push({
          route: key,
          missing: `no IDOR test (another user's object) in services/${route.service}/test/authorization.test.ts`,
        });
      if (!gatewayIdor.has(key))
        gaps.push({
          route: key,
          missing:
            'no IDOR scenario through the gateway in test/resilience/authorization-completeness.test.ts',
        });
    }
  }
  return gaps;
}
