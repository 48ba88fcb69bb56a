/**
 * bench/fuzz-full: the full-size bad-input fuzzing of every route of the gateway's table (the CI test
 * test/resilience/fuzz.test.ts runs the same property with a few requests per route).
 *
 * The whole product runs embedded on file stores in a temp folder, behind the real gateway. For each
 * route, FUZZ_RUNS (default 1,000) generated requests — hostile bodies, query strings and path ids —
 * are sent with a valid token of an allowed role. Every answer must be < 500 and, when refused, in the
 * error shape; a refused request must leave every store file byte for byte as it was.
 *
 * Run: npx tsx bench/fuzz-full.ts   (FUZZ_RUNS, FUZZ_SEED, FUZZ_ROUTES=substring to narrow, FUZZ_FROM=index to resume)
 * A full run takes about an hour on this loaded 2-core machine (accepted requests wait for the stores to settle).
 */
import type { Role } from '@moba/contracts';
import { routeTable } from '../gateway/src/route-table';
import { loginAdmin, registeredUser } from '../test/support/product';
import { fuzzRoute, startFileProduct } from '../test/resilience/support/fuzz';
import { allowedRoles } from '../test/resilience/support/world';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const ONLY = process.env.FUZZ_ROUTES ?? '';
const FROM = Number(process.env.FUZZ_FROM ?? 0); // resume at this index of the route table

async function main() {
  const product = await startFileProduct();
  let failed = 0;
  let total = 0;
  const started = Date.now();
  try {
    const [worker, estate, admin] = [
      await registeredUser(product.client, 'worker'),
      await registeredUser(product.client, 'estate'),
      await loginAdmin(product.client),
    ];
    const sessions: Record<Role, Record<string, string>> = {
      Worker: worker.auth,
      Estate: estate.auth,
      Admin: admin.auth,
    };
    await product.client.get('/api/notifications/all', admin.auth); // see fuzz.test.ts: the admin is learnt on first call
    console.log(`fuzzing ${routeTable.length} routes × ${RUNS} requests (seed ${SEED})`);
    for (const [i, route] of routeTable.entries()) {
      const key = `${route.method} ${route.path}`;
      if ((ONLY && !key.includes(ONLY)) || i < FROM) continue;
      for (const role of allowedRoles(route)) {
        // every allowed role gets its share of the runs; at least RUNS in all per route
        const runs = Math.ceil(RUNS / allowedRoles(route).length);
        const result = await fuzzRoute(product, route, sessions[role], {
          numRuns: runs,
          seed: SEED + i * 10 + allowedRoles(route).indexOf(role),
        });
        total += result.runs;
        const statuses = Object.entries(result.statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ');
        console.log(
          `${result.failures.length ? 'FAIL' : 'ok  '} ${key.padEnd(52)} as ${role.padEnd(6)} ${String(result.runs).padStart(5)} requests  ${statuses}`,
        );
        for (const f of result.failures)
          console.log(`       ${f.problem}\n       ${JSON.stringify(f.request).slice(0, 400)}`);
        if (result.failures.length) failed++;
      }
    }
  } finally {
    await product.stop();
  }
  console.log(
    `\n${total} requests in ${((Date.now() - started) / 1000).toFixed(0)} s; ${failed} route×role combinations failed`,
  );
  process.exit(failed ? 1 : 0);
}

void main();
