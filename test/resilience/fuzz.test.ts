import type { Role } from '@moba/contracts';
import { routeTable } from '../../gateway/src/route-table';
import { loginAdmin, registeredUser } from '../support/product';
import {
  answerProblem,
  fuzzRoute,
  startFileProduct,
  storeSnapshot,
  snapshotDiff,
  type RouteFuzzResult,
} from './support/fuzz';
import { allowedRoles } from './support/world';

/**
 * Bad-input fuzzing of every route (CI size: a fixed seed and a few generated requests per route;
 * `npx tsx bench/fuzz-full.ts` runs ≥ 1,000 per route): never a 5xx, always the error shape, and a
 * refused request writes nothing to any service's store.
 */
const SEED = 20261122;
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);

let product: Awaited<ReturnType<typeof startFileProduct>>;
let sessions: Record<Role, Record<string, string>>;
const endsSessions = (path: string) => path === '/logout' || path === '/users/me/logout-everywhere';

beforeAll(async () => {
  product = await startFileProduct();
  const [worker, estate, admin] = [
    await registeredUser(product.client, 'worker'),
    await registeredUser(product.client, 'estate'),
    await loginAdmin(product.client),
  ];
  sessions = { Worker: worker.auth, Estate: estate.auth, Admin: admin.auth };
  // The notification service learns admins from their first signed-in call (it writes the admin into its
  // user replica before validating the input); make that first call here so it is not taken for a write
  // caused by a refused request.
  await product.client.get('/api/notifications/all', admin.auth);
}, 120_000);
afterAll(() => product?.stop(), 60_000);

describe('the checks themselves', () => {
  it('tells an error shape from a stack trace or an HTML page', () => {
    const route = routeTable.find((r) => r.path === '/login')!;
    expect(
      answerProblem(route, {
        status: 400,
        contentType: 'application/json',
        text: '{"error":{"code":"VALIDATION","message":"invalid email"}}',
      }),
    ).toBe('');
    expect(
      answerProblem(route, {
        status: 500,
        contentType: 'application/json',
        text: '{"error":{"code":"INTERNAL","message":"x"}}',
      }),
    ).toMatch(/500/);
    expect(
      answerProblem(route, { status: 400, contentType: 'text/html', text: '<pre>TypeError at ...</pre>' }),
    ).toMatch(/unexpected/);
    expect(answerProblem(route, { status: 400, contentType: 'text/plain', text: 'Bad' })).toMatch(
      /unexpected/,
    ); // login is not a text route
  });

  it('sees a write in the snapshot', async () => {
    const before = storeSnapshot(product.dataDir);
    await registeredUser(product.client, 'worker');
    expect(snapshotDiff(before, storeSnapshot(product.dataDir)).some((f) => f.startsWith('auth/'))).toBe(
      true,
    );
  }, 30_000);
});

describe(`every route of the table, ${RUNS} generated requests each (seed ${SEED})`, () => {
  test.each(routeTable.map((r, i) => [`${r.method} ${r.path}`, r, i] as const))(
    '%s',
    async (_key, route, i) => {
      const role = allowedRoles(route)[i % allowedRoles(route).length];
      // A route that ends sessions is fuzzed with a worker of its own, or it would sign out the
      // sessions every later route is fuzzed with.
      const session = endsSessions(route.path)
        ? (await registeredUser(product.client, 'worker')).auth
        : sessions[role];
      const result: RouteFuzzResult = await fuzzRoute(product, route, session, {
        numRuns: RUNS,
        seed: SEED + i,
      });
      expect(result.failures).toEqual([]);
      expect(result.runs).toBe(RUNS);
    },
    60_000,
  );
});
