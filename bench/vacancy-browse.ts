/**
 * bench/vacancy-browse: is browsing 10,000 vacancies cheaper than the HTTP round trip?
 *
 * Three processes: the vacancy service (memory nedb store seeded with 10,000 vacancies, a trivial
 * endpoint answering a precomputed body of the same size as a browse page), the real gateway
 * (route table + token and role checks + proxy) and this driver (autocannon). In the same run it
 * measures, through the gateway, with a Worker token:
 *   trivial           POST /api/bench/trivial — auth + res.json of a fixed page as large as a browse page
 *   browse (repeat)   a mix of typical filtered browses (the answer cache serves repeats)
 *   browse (unique)   the same mix made unique per request (every request filters the read model)
 *   browse (304)      the mix with If-None-Match (a phone that already holds the page)
 *   distance (unique) browses sorted nearest first from a municipality, some within 10–100 km,
 *                     made unique per request (every request measures and sorts 10,000 mobas)
 * and prints req/s, p50/p99 and the ratio browse/trivial (goals: unique ≥ 0.8, distance sort ≥ 0.7).
 * With BENCH_CPU_PROF_DIR=<dir> the service and the gateway write CPU profiles there
 * (read one with `npx tsx bench/cpu-profile-summary.ts <file>`).
 *
 * Run: npx tsx bench/vacancy-browse.ts   (BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_VACANCIES to adjust)
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Request } from 'autocannon';

const role = process.env.VACANCY_BENCH_ROLE ?? 'driver';
const VACANCIES = Number(process.env.BENCH_VACANCIES ?? 10_000);

function addDays(from: string, days: number) {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The typical browses of a worker in the field (page size 20). */
function browseMix(today: string): Record<string, unknown>[] {
  return [
    {},
    { municipality: 'Arilje' },
    { municipality: 'Subotica', paymentType: 'DailyWage' },
    { district: 'Zlatiborski', crop: 'malina' },
    { paymentType: 'DailyWage', minDailyWage: 3000 },
    { foodProvided: true, accommodationProvided: true },
    { dateFrom: addDays(today, 5), dateTo: addDays(today, 20) },
    { jobActivity: 'berba-branje', page: 2 },
    { region: 'RS', groupLeadersAccepted: true, onlyWithFreePositions: true },
    { district: 'Nišavski', transportProvided: true },
  ];
}

/** Browses measured from a municipality, nearest first (issue 22): the distance sort's cost. */
function distanceMix(): Record<string, unknown>[] {
  return [
    { near: { municipality: 'Arilje' } },
    { near: { municipality: 'Subotica' }, withinKm: 50 },
    { near: { municipality: 'Niš' }, withinKm: 100, crop: 'malina' },
    { near: { municipality: 'Novi Sad' }, page: 2 },
    { near: { municipality: 'Bitola', region: 'MK' }, withinKm: 100 },
    { near: { municipality: 'Čačak' }, paymentType: 'DailyWage', foodProvided: true },
    { near: { municipality: 'Vranje' }, withinKm: 30 },
    { near: { municipality: 'Zaječar' }, withinKm: 10, onlyWithFreePositions: true },
  ];
}

// ── the vacancy service process ────────────────────────────────────────────────────────────────
async function runService() {
  const { calendarDay, crops, jobActivities, municipalitiesRs } = await import('@moba/contracts');
  const { createLogger, createMemoryBus, createNedbStore, createTokenVerifier, requireUser, systemClock } =
    await import('@moba/platform');
  const { createService, loadVacancyConfig } = await import('@moba/vacancy-service');
  const { openVacancyStore } = await import('../services/vacancy/src/store');
  const { toItem } = await import('../services/vacancy/src/domain/vacancy');

  const store = createNedbStore();
  const { vacancies } = await openVacancyStore(store);
  const today = calendarDay(new Date());
  const now = Date.now();
  const paymentTypes = ['DailyWage', 'DailyWage', 'Norm', 'ByAgreement'] as const;
  const docs = [];
  for (let i = 0; i < VACANCIES; i++) {
    const m = municipalitiesRs[i % municipalitiesRs.length];
    const start = addDays(today, randomInt(0, 30));
    const paymentType = paymentTypes[i % paymentTypes.length];
    const total = randomInt(1, 40);
    docs.push({
      _id: randomUUID(),
      estateId: randomUUID(),
      estateName: `Imanje ${i}`,
      title: `Berba ${crops[i % crops.length].sr} ${i}`,
      description:
        'Potrebni radnici za sezonske poslove, rad od 07-16h, obezbeđen ručak i prevoz do parcele. '.repeat(
          2,
        ),
      municipality: m.name,
      region: 'RS' as const,
      district: m.district,
      crops: [crops[i % crops.length].id],
      jobActivities: [jobActivities[i % jobActivities.length].id, jobActivities[0].id],
      startDate: start,
      endDate: addDays(start, randomInt(0, 59)),
      workStartTime: '07:00',
      workEndTime: '16:00',
      hoursPerDay: 9,
      paymentType,
      ...(paymentType === 'DailyWage' ? { dailyWage: 2000 + 100 * randomInt(0, 30) } : {}),
      ...(paymentType === 'Norm' ? { norm: '200 kg', normPrice: 20 } : {}),
      foodProvided: i % 2 === 0,
      transportProvided: i % 3 === 0,
      accommodationProvided: i % 5 === 0,
      groupLeadersAccepted: i % 4 !== 0,
      sponsored: i % 20 === 0,
      featuring: (i % 20 === 0 ? 'paid' : 'none') as 'paid' | 'none',
      featured: i % 20 === 0,
      urgent: false as const,
      status: 'Open' as const,
      totalPositions: total,
      freePositions: randomInt(1, total + 1),
      createdAt: new Date(now - i * 60_000).toISOString(),
      appliedEvents: [],
      paymentOutcomes: [],
    });
  }
  for (const doc of docs) await vacancies.insertOne(doc);

  // The trivial endpoint answers a body as large as the average browse page of the mix.
  const page = { items: docs.slice(0, 20).map(toItem), total: VACANCIES, page: 1, pageSize: 20 };
  const pageJson = JSON.stringify(page);
  const tokens = createTokenVerifier(process.env.BENCH_PUBLIC_KEY!);
  const service = await createService({
    bus: createMemoryBus(),
    store,
    clock: systemClock,
    logger: createLogger('vacancy', 'silent'),
    tokens,
    config: loadVacancyConfig({
      NODE_ENV: 'production',
      SCHEDULER_INTERVAL_MS: '3600000',
    }),
    extraRoutes: (app) =>
      app.post('/bench/trivial', requireUser(tokens, 'Worker'), (_req, res) => {
        res.json(page); // serialised per request, as any endpoint answering an object
      }),
  });
  const listening = await service.start(0);
  console.log(`${listening.url} ${pageJson.length}`);
}

// ── the gateway process ────────────────────────────────────────────────────────────────────────
async function runGateway() {
  const { createLogger, createTokenVerifier } = await import('@moba/platform');
  const { createGateway, createTokenStateReplica, routeTable } = await import('@moba/gateway');
  const target = process.env.TARGET!;
  const urls = Object.fromEntries(
    ['auth', 'vacancy', 'application', 'rating', 'payment', 'notification'].map((s) => [s, [target]]),
  );
  const { server } = createGateway({
    serviceUrls: urls as never,
    tokens: createTokenVerifier(process.env.BENCH_PUBLIC_KEY!),
    tokenState: createTokenStateReplica(),
    logger: createLogger('bench-gateway', 'silent'),
    webDist: '/nonexistent',
    routes: [
      ...routeTable,
      { method: 'POST', path: '/bench/trivial', service: 'vacancy', access: ['Worker'] },
    ],
  });
  server.listen(0, '127.0.0.1', () =>
    console.log(`http://127.0.0.1:${(server.address() as { port: number }).port}`),
  );
}

// ── the driver ─────────────────────────────────────────────────────────────────────────────────
async function runDriver() {
  const { calendarDay } = await import('@moba/contracts');
  const { generateKeyPair } = await import('@moba/platform');
  const { createTokenSigner } = await import('@moba/platform');
  const { spawnServer } = await import('./src/spawn-server');
  const { load, format } = await import('./src/load');
  type LoadResult = Awaited<ReturnType<typeof load>>;

  const keys = generateKeyPair();
  const env = { BENCH_PUBLIC_KEY: keys.publicKeyPem, BENCH_VACANCIES: String(VACANCIES) };
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

  console.log(`seeding ${VACANCIES} vacancies…`);
  const service = await spawnServer('../vacancy-browse.ts', { ...env, VACANCY_BENCH_ROLE: 'service' });
  const [serviceUrl, pageBytes] = service.url.split(' ');
  const gateway = await spawnServer('../vacancy-browse.ts', {
    ...env,
    VACANCY_BENCH_ROLE: 'gateway',
    TARGET: serviceUrl,
  });
  const children = [service.child, gateway.child];
  try {
    const token = await createTokenSigner(keys.privateKeyPem).sign(
      { id: randomUUID(), role: 'Worker', fullName: 'Bench Worker', tokenVersion: 0 },
      3600,
    );
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const today = calendarDay(new Date());
    const mix = browseMix(today);
    const nearMix = distanceMix();
    const path = '/api/workers/vacancies/open';

    // sizes and ETags of the mix (and a sanity check that the browse answers)
    const etags: string[] = [];
    let bytes = 0;
    for (const filters of mix) {
      const res = await fetch(gateway.url + path, { method: 'POST', headers, body: JSON.stringify(filters) });
      if (res.status !== 200) throw new Error(`browse answered ${res.status}: ${await res.text()}`);
      bytes += (await res.text()).length;
      etags.push(res.headers.get('etag')!);
    }
    for (const filters of nearMix) {
      const res = await fetch(gateway.url + path, { method: 'POST', headers, body: JSON.stringify(filters) });
      const body = (await res.json()) as { items: { distanceKm?: number }[] };
      if (res.status !== 200 || body.items.some((v) => v.distanceKm === undefined))
        throw new Error(`distance browse answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    console.log(
      `mix of ${mix.length} browses, average answer ${Math.round(bytes / mix.length)} B; trivial answer ${pageBytes} B`,
    );

    let n = 0;
    // Each request a browse of the mix in turn with a far dateTo: that changes no answer but makes
    // every request's filters (and cache key) new.
    const uniqueRequest = (filters: object[]) =>
      ({
        method: 'POST',
        path,
        headers,
        setupRequest: (req: Record<string, unknown>) => ({
          ...req,
          body: JSON.stringify({
            ...filters[n % filters.length],
            dateTo: addDays(today, 400 + (n++ % 100_000)),
          }),
        }),
      }) as unknown as Request; // autocannon's setupRequest (not in the local type declaration)
    const kinds: { name: string; requests: Request[] }[] = [
      {
        name: 'trivial (same size)',
        requests: [{ method: 'POST', path: '/api/bench/trivial', headers, body: '{}' }],
      },
      {
        name: 'browse mix (repeat)',
        requests: mix.map((filters): Request => ({
          method: 'POST',
          path,
          headers,
          body: JSON.stringify(filters),
        })),
      },
      { name: 'browse mix (unique)', requests: [uniqueRequest(mix)] },
      { name: 'distance sort (unique)', requests: [uniqueRequest(nearMix)] },
      {
        name: 'browse mix (304)',
        requests: mix.map((filters, i): Request => ({
          method: 'POST',
          path,
          headers: { ...headers, 'if-none-match': etags[i] },
          body: JSON.stringify(filters),
        })),
      },
    ];
    // Rounds interleave the kinds so a noisy neighbour on the machine hits them alike.
    const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
    const results = new Map<string, LoadResult[]>(kinds.map((k) => [k.name, []]));
    for (let round = 1; round <= rounds; round++) {
      for (const kind of kinds) {
        const result = await load(gateway.url + path, { connections, seconds, requests: kind.requests });
        results.get(kind.name)!.push(result);
        console.log(`round ${round}  ${format(kind.name, result)}`);
      }
    }
    const merged = (name: string): LoadResult => {
      const list = results.get(name)!;
      const mean = (f: (r: LoadResult) => number) =>
        Math.round(list.reduce((sum, r) => sum + f(r), 0) / list.length);
      return {
        requestsPerSecond: mean((r) => r.requestsPerSecond),
        p50: mean((r) => r.p50),
        p99: Math.max(...list.map((r) => r.p99)),
        errors: mean((r) => r.errors),
        non2xx: mean((r) => r.non2xx),
        failures: list
          .map((r) => r.failures)
          .filter(Boolean)
          .join('; '),
      };
    };
    const [, repeat, unique, nearest] = kinds.map((k) => merged(k.name));
    console.log(
      `\nthrough the gateway, ${connections} connections, ${rounds} × ${seconds} s each, ${VACANCIES} vacancies (mean req/s, mean p50, worst p99):`,
    );
    for (const kind of kinds) console.log(format(kind.name, merged(kind.name)));
    console.log('(the 304 run counts its 304 answers as errors: autocannon counts every non-2xx)');
    // The ratio of each round (kinds measured back to back), then the median over rounds: robust to a
    // neighbour loading the machine during one round.
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const ratioOf = (name: string) =>
      median(
        results
          .get(name)!
          .map((r, round) => r.requestsPerSecond / results.get(kinds[0].name)![round].requestsPerSecond),
      ).toFixed(2);
    console.log(
      `\nratio browse/trivial (median of per-round ratios): unique ${ratioOf(kinds[2].name)}, repeat ${ratioOf(kinds[1].name)}, distance sort ${ratioOf(kinds[3].name)}, 304 ${ratioOf(kinds[4].name)}   (goals: unique ≥ 0.8, distance sort ≥ 0.7)`,
    );
    if (unique.non2xx || repeat.non2xx || nearest.non2xx)
      console.log('WARNING: non-2xx answers during the run');
  } finally {
    for (const child of children) child.kill();
  }
}

// The driver stops its servers with SIGTERM: exiting cleanly lets `--cpu-prof` write the profile.
if (role !== 'driver') process.once('SIGTERM', () => process.exit(0));
const run = role === 'service' ? runService : role === 'gateway' ? runGateway : runDriver;
run().catch((error) => {
  console.error(error);
  process.exit(1);
});
