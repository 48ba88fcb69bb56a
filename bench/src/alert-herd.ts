import { eventually, testClient } from '@moba/platform/testing';
import { loginAdmin } from '../../test/support/product';

/**
 * The herd after a burst of job alerts: a share of the notified open the moba's page (the calls the
 * web moba page makes for a signed-in worker), a smaller share also apply, each at a random moment of
 * the spread. Then an admin accepts every application at once: the claims on the moba's places.
 */
export interface HerdWorker {
  auth: Record<string, string>;
}

interface Call {
  kind: string;
  ms: number;
  status: number;
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timed(
  kind: string,
  calls: Call[],
  request: () => Promise<{ status: number; body?: unknown }>,
) {
  const started = performance.now();
  let answer: { status: number; body?: unknown };
  try {
    answer = await request();
  } catch {
    answer = { status: 0 }; // refused or reset
  }
  calls.push({ kind, ms: performance.now() - started, status: answer.status });
  return answer;
}

export async function runHerd(
  gatewayUrl: string,
  vacancyId: string,
  notified: HerdWorker[],
  { openShare, applyShare, spreadMs }: { openShare: number; applyShare: number; spreadMs: number },
) {
  const client = testClient(gatewayUrl);
  const openers = [...notified]
    .sort(() => Math.random() - 0.5)
    .slice(0, Math.round(notified.length * openShare));
  const appliers = new Set(openers.slice(0, Math.round(notified.length * applyShare)));
  const calls: Call[] = [];
  const applicationIds: string[] = [];
  const started = performance.now();
  await Promise.all(
    openers.map(async (worker) => {
      await delay(Math.random() * spreadMs);
      await Promise.all([
        timed('moba page', calls, () => client.get(`/api/vacancies/${vacancyId}`, worker.auth)),
        timed('my applications', calls, () => client.get('/api/workers/applications', worker.auth)),
      ]);
      if (!appliers.has(worker)) return;
      const applied = await timed('apply', calls, () =>
        client.post('/api/applications/create', { vacancyId }, worker.auth),
      );
      if (applied.status === 201) applicationIds.push((applied.body as { id: string }).id);
    }),
  );
  return { calls, applicationIds, opened: openers.length, wallMs: performance.now() - started };
}

/**
 * An admin accepts every application at once (`width` at a time): exactly min(places, applied) are
 * accepted, the rest refused; then the vacancy service's free places and the estate's approved list
 * (the application service) must both come to what was accepted.
 */
export async function claimPlaces(
  gatewayUrl: string,
  vacancyId: string,
  applicationIds: string[],
  estate: { auth: Record<string, string> },
  width = 50,
) {
  const client = testClient(gatewayUrl);
  const admin = await loginAdmin(client);
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < applicationIds.length) {
        const id = applicationIds[next++];
        const { status } = await client.post(`/api/admin/applications/${id}/accept`, {}, admin.auth);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const accepted = statuses.get(200) ?? 0;
  const page = async () =>
    (await client.get(`/api/vacancies/${vacancyId}`)).body as {
      freePositions: number;
      totalPositions: number;
    };
  let settled = true;
  const vacancy = await eventually(
    async () => {
      const now = await page();
      return now.freePositions === now.totalPositions - accepted && now;
    },
    'the vacancy service counts the accepted places',
    60_000,
  ).catch(async () => {
    settled = false;
    return page();
  });
  const approved = (
    (await client.get(`/api/estates/vacancies/${vacancyId}/applicants/approved`, estate.auth))
      .body as unknown[]
  ).length;
  return {
    statuses,
    accepted,
    approved,
    places: vacancy.totalPositions,
    freePositions: vacancy.freePositions,
    settled,
  };
}
