/**
 * bench/alert-burst (issue #32 point 3): one moba matches BURST_WORKERS workers (default 10,000) whose
 * sockets are open across two notification processes; then the same with the notification process that
 * handles the moba SIGKILLed mid-burst and started again; then the herd.
 *
 * Topology: the distributed mode (test/resilience/support/cluster.ts, as scripts/distributed/plan.ts
 * lays it out): Redis Streams bus, Redis pub/sub fan-out, a PostgreSQL schema per service, two
 * instances each of vacancy, application and notification, every instance and the gateway a process.
 * What is not the product's own path, and why: the workers are UserRegistered events on the bus with
 * session tokens signed by the run's key (sign-ups cost a minute per hundred here), and their sockets go
 * straight to the notification instances, half on each (as bench/notification-fanout), not through
 * the gateway. Every BURST_SMS_EVERY-th worker turns SMS on and texts START (the dev SMS page);
 * every 20th asks for another crop and must hear nothing.
 *
 *   1. burst: the estate publishes the moba through the gateway (Open at once: job alerts fire);
 *      publish -> receive per worker (p50/p95/p99, the monotonic clock all processes share), every
 *      matched worker's stored alerts (one each), SMS queued against the cap and quiet hours.
 *   2. herd: BURST_OPEN_SHARE (0.3) of the notified open the moba's page (GET /api/vacancies/:id and
 *      /api/workers/applications, as the web page does), BURST_APPLY_SHARE (0.1) apply, spread over
 *      BURST_HERD_SECONDS (10): errors, p50/p99 per call; then an admin accepts every application at
 *      once: accepted = min(places, applied), and the vacancy's free places and the estate's approved
 *      list agree with it.
 *   3. kill: the dev clock moves to 22:30 Belgrade (quiet hours: SMS wait for 07:00), a second moba is
 *      published, and the instance whose consumer holds its event is SIGKILLed when a third of its
 *      alerts are stored, then started again: afterwards one stored alert per matched worker, the
 *      killed instance's sockets reconnected and read theirs in the panel.
 *
 * Goals (issue #32): all receive it, p99 <= 3 s; SMS within the caps; nothing lost or doubled; herd
 * 0 errors, p99 <= 500 ms, the capacity claims exact. The machine is shared: read the load average.
 *
 * Run: npm run -w bench alert-burst   (BURST_WORKERS, BURST_SMS_EVERY=10, BURST_PLACES=0 (a twentieth
 *   of the workers), BURST_HERD_SECONDS, BURST_OPEN_SHARE, BURST_APPLY_SHARE, REDIS_URL, POSTGRES_URL)
 */
import { cpus, loadavg } from 'node:os';
import { testClient } from '@moba/platform/testing';
import { startCluster } from '../test/resilience/support/cluster';
import {
  alertsInPanels,
  burstDone,
  burstOutcome,
  holdWorkerSockets,
  killMidBurst,
  mobaMonths,
  notificationStoreOf,
  percentile,
  publishMoba,
  seedWorkers,
  signUpEstate,
  type BurstOutcome,
  type BurstWorker,
  type WorkerSockets,
} from '../test/resilience/support/alert-burst';
import { claimPlaces, runHerd } from './src/alert-herd';

const WORKERS = Number(process.env.BURST_WORKERS ?? 10_000);
const SMS_EVERY = Number(process.env.BURST_SMS_EVERY ?? 10);
const PLACES = Number(process.env.BURST_PLACES ?? 0) || Math.max(1, Math.round(WORKERS / 20));
const HERD_SECONDS = Number(process.env.BURST_HERD_SECONDS ?? 10);
const OPEN_SHARE = Number(process.env.BURST_OPEN_SHARE ?? 0.3);
const APPLY_SHARE = Number(process.env.BURST_APPLY_SHARE ?? 0.1);
const BURST_TIMEOUT_MS = 30 * 60_000;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const fmt = (ms: number) =>
  Number.isNaN(ms) ? '-' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

/** Waits until the matched workers' sockets have the moba's alert (or nothing more arrives for 10 s). */
async function settledPushes(sockets: WorkerSockets, workers: BurstWorker[], vacancyId: string) {
  let last = -1;
  let quietSince = Date.now();
  for (;;) {
    const pushes = await sockets.alertPushes(vacancyId);
    const got = workers.filter((w, i) => w.matches && pushes[i].length > 0).length;
    if (got === workers.filter((w) => w.matches).length) return pushes;
    if (got !== last) [last, quietSince] = [got, Date.now()];
    if (Date.now() - quietSince > 10_000) return pushes;
    await new Promise((r) => setTimeout(r, 200));
  }
}

function printBurst(o: BurstOutcome, wallMs: number) {
  const p99 = percentile(o.latencies, 99);
  console.log(
    `  received live: ${o.receivedLive} of ${o.matched} matched (${((o.receivedLive / o.matched) * 100).toFixed(1)} %); ` +
      `${o.notMatching} not matching: ${o.pushedToOthers} pushed, ${o.storedForOthers} stored`,
  );
  console.log(
    `  publish -> receive: p50 ${fmt(percentile(o.latencies, 50))}  p95 ${fmt(percentile(o.latencies, 95))}  ` +
      `p99 ${fmt(p99)}  max ${fmt(o.latencies[o.latencies.length - 1] ?? NaN)}; publish -> every worker told ${fmt(wallMs)} ` +
      `(${Math.round((o.matched / wallMs) * 1000)} alerts/s)`,
  );
  console.log(
    `  stored: ${o.storedOnce} workers once, ${o.lost} lost, ${o.doubled} doubled; live: ${o.pushedTwice} sockets pushed twice`,
  );
  console.log(
    `  SMS: ${o.smsQueued} queued for ${o.smsWorkersMatched} matched workers with SMS on; ${o.smsInQuietHours} to go in quiet hours; ` +
      `${o.smsAboveCap} worker-days above the cap`,
  );
  return p99;
}

async function main() {
  const started = Date.now();
  console.log(
    `alert-burst: ${WORKERS} workers, ${PLACES} places; ${cpus().length} cores, load average ${load()}`,
  );
  const cluster = await startCluster({ hotInstances: 2 });
  const view = await notificationStoreOf(cluster);
  let sockets: WorkerSockets | undefined;
  const problems: string[] = [];
  try {
    console.log(`cluster up (${((Date.now() - started) / 1000).toFixed(0)} s): ${cluster.names.join(', ')}`);
    const client = testClient(cluster.url);
    const seeding = Date.now();
    // Both mobas (the second after the clock moved into the night) start within these months.
    const workers = await seedWorkers(cluster, view, {
      count: WORKERS,
      months: await mobaMonths(cluster, 2, 5),
      smsEvery: SMS_EVERY,
    });
    sockets = await holdWorkerSockets(cluster, workers);
    const estate = await signUpEstate(cluster);
    console.log(
      `seeded ${WORKERS} workers (${workers.filter((w) => w.sms).length} with SMS), ${WORKERS} sockets greeted ` +
        `(${((Date.now() - seeding) / 1000).toFixed(0)} s); load average ${load()}`,
    );

    console.log(`\n== 1. burst: one moba, ${workers.filter((w) => w.matches).length} matching workers`);
    const wall = Date.now();
    const moba = await publishMoba(cluster, estate, PLACES);
    await burstDone(view, moba.vacancyId, BURST_TIMEOUT_MS);
    const toldMs = Date.now() - wall;
    const after = await settledPushes(sockets, workers, moba.vacancyId);
    const burst = await burstOutcome(view, workers, moba, after);
    const p99 = printBurst(burst, toldMs);
    console.log(
      `  goals: all receive it -> ${verdict(burst.receivedLive === burst.matched)}; p99 <= 3 s -> ${verdict(p99 <= 3000)}; ` +
        `none lost or doubled -> ${verdict(!burst.lost && !burst.doubled)}; SMS within the caps -> ${verdict(!burst.smsAboveCap && !burst.smsInQuietHours)}`,
    );
    console.log(`  load average ${load()}`);

    console.log(
      `\n== 2. herd: ${OPEN_SHARE * 100} % open the page, ${APPLY_SHARE * 100} % apply, over ${HERD_SECONDS} s`,
    );
    const notified = workers.filter((w, i) => w.matches && after[i].length > 0);
    const herd = await runHerd(cluster.url, moba.vacancyId, notified, {
      openShare: OPEN_SHARE,
      applyShare: APPLY_SHARE,
      spreadMs: HERD_SECONDS * 1000,
    });
    const errors = herd.calls.filter((c) => c.status === 0 || c.status >= 400);
    const all = herd.calls.map((c) => c.ms).sort((a, b) => a - b);
    console.log(
      `  ${herd.opened} opened the page, ${herd.applicationIds.length} applied; ${herd.calls.length} calls in ${fmt(herd.wallMs)}; ` +
        `${errors.length} errors${errors.length ? ` (${[...new Set(errors.map((e) => `${e.kind} ${e.status}`))].join(', ')})` : ''}`,
    );
    for (const kind of ['moba page', 'my applications', 'apply']) {
      const times = herd.calls
        .filter((c) => c.kind === kind)
        .map((c) => c.ms)
        .sort((a, b) => a - b);
      console.log(
        `  ${kind}: ${times.length} calls, p50 ${fmt(percentile(times, 50))}, p99 ${fmt(percentile(times, 99))}`,
      );
    }
    const claims = await claimPlaces(cluster.url, moba.vacancyId, herd.applicationIds, estate);
    const exact =
      claims.accepted === Math.min(claims.places, herd.applicationIds.length) &&
      claims.approved === claims.accepted &&
      claims.freePositions === claims.places - claims.accepted;
    console.log(
      `  claims: ${herd.applicationIds.length} applications accepted at once by an admin: ${claims.accepted} accepted of ${claims.places} places ` +
        `(answers ${[...claims.statuses].map(([s, n]) => `${s} x${n}`).join(', ')}); vacancy free places ${claims.freePositions}` +
        `${claims.settled ? '' : ' (not settled within 60 s)'}; estate's approved list ${claims.approved}`,
    );
    console.log(
      `  goals: 0 errors -> ${verdict(errors.length === 0)}; p99 <= 500 ms -> ${verdict(percentile(all, 99) <= 500)} ` +
        `(all calls p99 ${fmt(percentile(all, 99))}); capacity claims exact -> ${verdict(exact)}`,
    );
    console.log(`  load average ${load()}`);

    console.log(
      '\n== 3. kill: a second moba at 22:30 Belgrade, its notification process SIGKILLed mid-burst',
    );
    const productNow = new Date((await client.get('/api/dev/clock')).body.now as string);
    const [hour, minute] = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Belgrade',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(productNow)
      .split(':')
      .map(Number);
    const advanceMs = ((((22.5 * 60 - (hour * 60 + minute)) % 1440) + 1440) % 1440) * 60_000;
    await client.post('/api/dev/clock', { advanceMs });
    const second = await publishMoba(cluster, estate, PLACES);
    const wall2 = Date.now();
    const matched = workers.filter((w) => w.matches).length;
    const kill = await killMidBurst(cluster, view, second.vacancyId, {
      afterStored: Math.floor(matched / 3),
      matched,
    });
    console.log(
      kill.finished
        ? `  the burst ended before the kill (${kill.storedAtKill} stored): nothing was killed`
        : `  ${kill.victim} SIGKILLed with ${kill.storedAtKill} of ${matched} alerts stored, started again`,
    );
    await burstDone(view, second.vacancyId, BURST_TIMEOUT_MS);
    const toldMs2 = Date.now() - wall2;
    await sockets.greeted();
    const afterKill = await settledPushes(sockets, workers, second.vacancyId);
    const killed = await burstOutcome(view, workers, second, afterKill);
    printBurst(killed, toldMs2);
    const readers = [...killed.notPushed, ...workers.filter((w) => w.matches && w.instance === kill.victim)];
    const panels = await alertsInPanels(cluster, readers, second.vacancyId);
    const counts = await sockets.counts();
    console.log(
      `  sockets: ${counts.open} of ${WORKERS} open again (${counts.reconnected} reconnections); ` +
        `${readers.length} panels read (the killed process's workers and any not pushed): ` +
        `${panels.filter((n) => n === 1).length} list it once, ${panels.filter((n) => n === 0).length} not at all, ${panels.filter((n) => n > 1).length} more than once`,
    );
    console.log(
      `  goals: none lost or doubled -> ${verdict(!killed.lost && !killed.doubled && panels.every((n) => n === 1))}; ` +
        `SMS within the caps -> ${verdict(!killed.smsAboveCap && !killed.smsInQuietHours)}`,
    );
    if (killed.lost || killed.doubled || panels.some((n) => n !== 1))
      problems.push('alerts lost or doubled after the kill');
  } finally {
    sockets?.close();
    await view.store.close();
    await cluster.stop();
    console.log(`\nload average after: ${load()}; ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  process.exit(problems.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
