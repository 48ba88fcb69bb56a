import type { TestClient, TestResponse } from '@moba/platform/testing';
import { simulateSeason } from '../../../scripts/season/simulate-season';
import { ADMIN } from '../../support/product';
import type { Cluster, ProcessName } from './cluster';

type Session = { userId: string; auth: Record<string, string> };

/**
 * Kill drill: season simulations run against the gateway while each process in `victims` is killed
 * with SIGKILL and started again, one after the other. Then, once the event flow is quiet, every read
 * model is compared with a recount from its source.
 */
export async function killDrill(
  cluster: Cluster,
  {
    victims,
    seasons,
    pauseMs = 1500,
    log = console.log,
  }: { victims: ProcessName[]; seasons: number; pauseMs?: number; log?: (s: string) => void },
) {
  const result = await disruptionDrill(cluster, {
    seasons,
    log,
    async disrupt(simulating) {
      const kills: string[] = [];
      for (const victim of victims) {
        await new Promise((r) => setTimeout(r, pauseMs));
        if (!simulating()) log(`(the simulation already ended before killing ${victim})`);
        await cluster.kill(victim);
        kills.push(victim);
        await cluster.start(victim);
      }
      return kills;
    },
  });
  return { ...result, kills: result.disruptions };
}

/**
 * Season simulations run against the gateway while `disrupt` does its harm (kills, outages); at
 * least `seasons` seasons, and more until the disruption is over, so it always hits a working
 * product, and (up to three more) until some application was accepted. Then, once the event flow is quiet, every read model is compared with a recount.
 */
export async function disruptionDrill(
  cluster: Cluster,
  {
    seasons,
    disrupt,
    log = console.log,
  }: {
    seasons: number;
    disrupt: (simulating: () => boolean) => Promise<string[]>;
    log?: (s: string) => void;
  },
) {
  const client = cluster.client as unknown as TestClient;
  const workers: Session[] = [];
  const estates: Session[] = [];
  let simulating = true;
  let disrupting = true;
  const simulation = (async () => {
    const results: { applied: number; accepted: number; mobas: number }[] = [];
    // A season whose applications met the disruption may end with none accepted (the admin accepts
    // each with a chance): one more season then, so the recount always covers accepted places.
    const noneAccepted = () => results.every((r) => r.accepted === 0);
    for (let s = 0; s < seasons || disrupting || (noneAccepted() && s < seasons + 3); s++) {
      const season = await simulateSeason(client, {
        estates: 2,
        workers: 5,
        mobasPerEstate: 2,
        seed: 7000 + s + (Number.parseInt(cluster.runId.slice(6), 16) % 1000) * 10,
        admin: ADMIN,
        finishJobs: false,
      });
      workers.push(...season.workerSessions);
      estates.push(...season.estateSessions);
      results.push({ applied: season.applied, accepted: season.accepted, mobas: season.mobas });
      log(`season ${s + 1} done: ${JSON.stringify(results.at(-1))}`);
    }
    simulating = false;
    return results;
  })().finally(() => {
    simulating = false;
  });

  const disruptions = await disrupt(() => simulating).finally(() => {
    disrupting = false;
  });
  const seasonResults = await simulation;
  const report = await recount(cluster.client, workers, estates, log);
  return {
    disruptions,
    seasonResults,
    retries: cluster.client.stats.retries,
    ambiguousRetries: cluster.client.stats.ambiguousRetries,
    ...report,
  };
}

async function allPages<T>(fetchPage: (page: number) => Promise<{ items: T[]; total: number }>) {
  const items: T[] = [];
  for (let page = 1; page < 1000; page++) {
    const { items: batch, total } = await fetchPage(page);
    items.push(...batch);
    if (items.length >= total || batch.length === 0) break;
  }
  return items;
}

interface VacancyItem {
  id: string;
  estateId?: string;
  totalPositions: number;
  freePositions: number;
}

/**
 * The recount's reads: an answer the processes give while they reconnect after a kill or an outage
 * (5xx, 429) is asked again; any other refusal stops the recount naming the call, instead of being
 * counted as if it were a list.
 */
function readingClient(client: Pick<TestClient, 'get' | 'post'>): Pick<TestClient, 'get' | 'post'> {
  const settled = async (what: string, call: () => Promise<TestResponse>) => {
    for (let attempt = 1; ; attempt++) {
      const response = await call();
      if (response.status < 300) return response;
      if ((response.status >= 500 || response.status === 429) && attempt < 30) {
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      throw new Error(`recount: ${what} answered ${response.status} ${JSON.stringify(response.body)}`);
    }
  };
  return {
    get: (path, headers) => settled(`GET ${path}`, () => client.get(path, headers)),
    post: (path, body, headers) => settled(`POST ${path}`, () => client.post(path, body, headers)),
  };
}

/** Compares read models with recounts from their sources, retrying until the event flow is quiet. */
export async function recount(
  anyClient: Pick<TestClient, 'get' | 'post'>,
  workers: Session[],
  estates: Session[],
  log: (s: string) => void,
  timeoutMs = 90_000,
) {
  const client = readingClient(anyClient);
  const admin = (await client.post('/api/login', ADMIN)).body as { token: string };
  const auth = { authorization: `Bearer ${admin.token}` };
  const deadline = Date.now() + timeoutMs;
  let mismatches: string[] = [];
  let facts: Record<string, number> = {};
  for (let round = 0; ; round++) {
    mismatches = [];
    const stats = (await client.get('/api/admin/stats', auth)).body as Record<string, number>;
    const users = await allPages<{ userType: string }>(
      async (page) => (await client.post('/api/admin/users/all', { page, pageSize: 100 }, auth)).body,
    );
    const vacancies = await allPages<VacancyItem>(
      async (page) => (await client.post('/api/admin/vacancies/all', { page, pageSize: 100 }, auth)).body,
    );
    const pending = (await client.post('/api/admin/applications/pending', {}, auth)).body as {
      total: number;
    };
    const workerUsers = users.filter((u) => u.userType === 'Worker').length;
    const estateUsers = users.filter((u) => u.userType === 'Estate').length;
    const check = (what: string, readModel: unknown, source: unknown) => {
      if (readModel !== source) mismatches.push(`${what}: read model ${readModel} ≠ recount ${source}`);
    };
    // admin stats (application service's read model) vs the sources in auth and vacancy
    check('stats.workers', stats.workers, workerUsers);
    check('stats.estates', stats.estates, estateUsers);
    check('stats.totalVacancies', stats.totalVacancies, vacancies.length);
    check('stats.pendingApplications', stats.pendingApplications, pending.total);

    // applications per worker (application service) and their notifications (notification service)
    let applications = 0;
    let acceptedApplications = 0;
    for (const worker of workers) {
      const mine = [
        ...((await client.get('/api/workers/vacancies/my/active', worker.auth)).body as {
          application: { status: string };
        }[]),
        ...((await client.get('/api/workers/vacancies/my/finished', worker.auth)).body as {
          application: { status: string };
        }[]),
      ];
      applications += mine.length;
      const accepted = mine.filter((m) => m.application.status === 'Accepted').length;
      acceptedApplications += accepted;
      const notes = (await client.get('/api/notifications/all', worker.auth)).body as {
        content: { key: string };
      }[];
      check(
        `notifications 'accepted' of worker ${worker.userId.slice(0, 8)}`,
        notes.filter((n) => n.content.key === 'notification.applicationAccepted').length,
        accepted,
      );
    }
    check('stats.totalApplications', stats.totalApplications, applications);

    // free positions (vacancy service, from ApplicationAccepted events) vs accepted applicants (application service)
    let acceptedPositions = 0;
    for (const estate of estates) {
      const own = (await client.get('/api/estates/vacancies/all', estate.auth)).body as VacancyItem[];
      for (const vacancy of own) {
        const answer = await anyClient.get(
          `/api/estates/vacancies/${vacancy.id}/applicants/approved`,
          estate.auth,
        );
        if (answer.status === 404) {
          // The application service learns of a vacancy by its event: not yet, or never (lost).
          mismatches.push(`vacancy ${vacancy.id.slice(0, 8)} not yet in the application service`);
          continue;
        }
        const approved = (
          answer.status < 300
            ? answer
            : await client.get(`/api/estates/vacancies/${vacancy.id}/applicants/approved`, estate.auth)
        ).body as { groupSize: number }[];
        const taken = approved.reduce((sum, a) => sum + 1 + a.groupSize, 0);
        acceptedPositions += approved.length;
        const adminView = vacancies.find((v) => v.id === vacancy.id);
        check(
          `free positions of ${vacancy.id.slice(0, 8)}`,
          adminView?.freePositions,
          vacancy.totalPositions - taken,
        );
      }
    }
    check(
      'accepted applicants (estates) vs accepted applications (workers)',
      acceptedPositions,
      acceptedApplications,
    );
    // rating summaries (a running sum and count) vs the ratings listed
    let ratings = 0;
    for (const user of [...workers, ...estates]) {
      const received = (await client.get('/api/users/me/ratings', user.auth)).body as {
        average: number | null;
        count: number;
        ratings: { grade: number }[];
      };
      ratings += received.ratings.length;
      check(`rating count of ${user.userId.slice(0, 8)}`, received.count, received.ratings.length);
      const mean = received.ratings.length
        ? Math.round(
            (received.ratings.reduce((sum, r) => sum + r.grade, 0) / received.ratings.length) * 100,
          ) / 100
        : null;
      check(`rating average of ${user.userId.slice(0, 8)}`, received.average, mean);
    }
    facts = {
      ratings,
      workers: workerUsers,
      estates: estateUsers,
      vacancies: vacancies.length,
      applications,
      acceptedApplications,
      pending: pending.total,
    };
    if (mismatches.length === 0) {
      log(`read models agree with the recount (round ${round + 1}): ${JSON.stringify(facts)}`);
      break;
    }
    if (Date.now() > deadline) break;
    log(
      `round ${round + 1}: ${mismatches.length} differences, waiting for the event flow (${mismatches.slice(0, 3).join('; ')})`,
    );
    await new Promise((r) => setTimeout(r, 2000));
  }
  return { mismatches, facts };
}
