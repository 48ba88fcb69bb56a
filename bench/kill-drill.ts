/**
 * bench/kill-drill: the full kill drill of the distributed mode (the CI test
 * test/resilience/kill-drill.test.ts kills three processes during one season).
 *
 * The distributed mode's topology (scripts/distributed/plan.ts): every instance and the gateway as
 * their own processes on Redis Streams, a PostgreSQL schema per service, two instances each of vacancy,
 * application and notification (DRILL_HOT_INSTANCES=2); stream and schema prefix unique to the run.
 * While DRILL_SEASONS season simulations run through the gateway (sign-ups, mobas, applications, admin
 * accepts), each instance is killed with SIGKILL and started again, one after the other, DRILL_ROUNDS
 * times. Then every read model is compared with a
 * recount from its source. Exit code 1 on any difference.
 *
 * Run: npx tsx bench/kill-drill.ts   (REDIS_URL, POSTGRES_URL, DRILL_SEASONS=3, DRILL_ROUNDS=1,
 *   DRILL_PAUSE_MS=2000, DRILL_HOT_INSTANCES=2)
 */
import { loadavg } from 'node:os';
import { startCluster, type ProcessName } from '../test/resilience/support/cluster';
import { killDrill } from '../test/resilience/support/drill';

const SEASONS = Number(process.env.DRILL_SEASONS ?? 3);
const ROUNDS = Number(process.env.DRILL_ROUNDS ?? 1);
const PAUSE_MS = Number(process.env.DRILL_PAUSE_MS ?? 2000);
const HOT_INSTANCES = Number(process.env.DRILL_HOT_INSTANCES ?? 2);

async function main() {
  const started = Date.now();
  const stamp = () => `[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s]`;
  const log = (line: string) => console.log(`${stamp()} ${line}`);
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const cluster = await startCluster({ log, hotInstances: HOT_INSTANCES });
  let failed = true;
  try {
    const victims: ProcessName[] = Array.from({ length: ROUNDS }, () => cluster.names).flat();
    const result = await killDrill(cluster, { victims, seasons: SEASONS, pauseMs: PAUSE_MS, log });
    console.log(`\nkills: ${result.kills.join(', ')}`);
    console.log(`seasons: ${JSON.stringify(result.seasonResults)}`);
    console.log(
      `client retries while a process was down: ${result.retries}; sign-ups and confirmations whose answer was lost: ${result.ambiguousRetries}`,
    );
    console.log(`recount: ${JSON.stringify(result.facts)}`);
    console.log(
      result.mismatches.length
        ? `DIFFERENCES:\n  ${result.mismatches.join('\n  ')}`
        : 'every read model equals its recount',
    );
    failed = result.mismatches.length > 0;
  } finally {
    await cluster.stop();
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
