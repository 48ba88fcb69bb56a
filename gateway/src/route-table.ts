import { authRoutes } from './routes/auth';
import { vacancyRoutes } from './routes/vacancy';
import { applicationRoutes } from './routes/application';
import { ratingRoutes } from './routes/rating';
import { paymentRoutes } from './routes/payment';
import { notificationRoutes } from './routes/notification';
import type { Method, RouteSpec } from './routes/route';

export type { RouteSpec, ServiceName, Access } from './routes/route';

/** Every call of spec §7 (plus the few the product adds), in one declarative table. */
export const routeTable: RouteSpec[] = [
  ...authRoutes,
  ...vacancyRoutes,
  ...applicationRoutes,
  ...ratingRoutes,
  ...paymentRoutes,
  ...notificationRoutes,
];

interface CompiledRoute {
  spec: RouteSpec;
  pattern: RegExp;
  literalSegments: number;
}

const compile = (spec: RouteSpec): CompiledRoute => ({
  spec,
  pattern: new RegExp(`^${spec.path.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`),
  literalSegments: spec.path.split('/').filter((s) => s && !s.startsWith(':')).length,
});

/**
 * Matches a method and a path under /api to its route. Literal segments win over parameters
 * (/workers/vacancies/my/active before a hypothetical /workers/vacancies/:id).
 */
export function createRouteMatcher(table: RouteSpec[] = routeTable) {
  const byMethod = new Map<string, CompiledRoute[]>();
  for (const spec of table) {
    const list = byMethod.get(spec.method) ?? [];
    list.push(compile(spec));
    byMethod.set(spec.method, list);
  }
  for (const list of byMethod.values()) list.sort((a, b) => b.literalSegments - a.literalSegments);
  return (method: string, path: string): RouteSpec | undefined =>
    byMethod.get(method as Method)?.find((r) => r.pattern.test(path))?.spec;
}
