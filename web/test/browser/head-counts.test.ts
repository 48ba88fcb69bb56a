/**
 * One truth for head counts (issue #31): after a partial crew acceptance, every screen that counts
 * people or places says what the API says. A leader picks 4 members for a moba of 5 places; the
 * admin accepts the leader and 2 of them (3 places, 2 free). The walk: the leader's My mobas, a
 * worker's browse card, the admin's queue, the estate's My mobas and roster; then the moba fills up
 * and "full" shows only next to 0 free places.
 */
import type { Page } from 'playwright-core';
import type { Crew, DayRoster } from '@moba/contracts';
import { loginAdmin, mobaFields, productDay, registeredUser } from '../../../test/support/product';
import { runProductAndBrowser, eventually, signedInContext } from './helpers';

jest.setTimeout(180_000);

type Role = 'Worker' | 'Estate' | 'Admin';

const run = runProductAndBrowser();

/** A 360 px tab signed in with this session, at `path`. */
async function tab(session: { token: string; userId: string }, role: Role, path: string) {
  const context = await signedInContext(run.browser, session, { role, width: 360 });
  const page = await context.newPage();
  await page.goto(`${run.product.url}${path}`);
  return { context, page };
}

async function onScreen<T>(
  session: { token: string; userId: string },
  role: Role,
  path: string,
  read: (page: Page) => Promise<T>,
): Promise<T> {
  const { context, page } = await tab(session, role, path);
  try {
    return await read(page);
  } finally {
    await context.close();
  }
}

const free = (v: { freePositions: number; totalPositions: number }) =>
  `${v.freePositions} od ${v.totalPositions} slobodno`;

test('after a partial crew acceptance every screen counts the same heads and free places as the API', async () => {
  const admin = await loginAdmin(run.client);
  const adminSession = { userId: admin.userId, token: admin.auth.authorization.slice('Bearer '.length) };
  const estate = await registeredUser(run.client, 'estate');
  const leader = await registeredUser(run.client, 'worker', {
    groupLeader: true,
    groupSize: 6,
    lastName: 'Dragić',
  });
  const [waiting, second] = [
    await registeredUser(run.client, 'worker'),
    await registeredUser(run.client, 'worker'),
  ];
  const title = `Berba jabuka ${Date.now().toString(36)}`;
  const created = await run.client.post(
    '/api/estates/vacancies/create',
    mobaFields(await productDay(run.client, 3), await productDay(run.client, 6), {
      title,
      numberOfWorkers: 5,
    }),
    estate.auth,
  );
  expect(created.status).toBe(201);
  const vacancyId = created.body.id as string;
  await eventually(
    async () =>
      (
        await run.client.put(
          '/api/workers/me/crew',
          {
            members: ['Dragan', 'Zoran', 'Petar', 'Marko', 'Ivan'].map((name) => ({
              name: `${name} Ekipić`,
            })),
          },
          leader.auth,
        )
      ).status === 200,
    'crew saved',
  );
  const crew = (await run.client.get('/api/workers/me/crew', leader.auth)).body as Crew;
  const picked = crew.members.slice(0, 4).map((m) => m.id);
  const applied = await eventually(async () => {
    const res = await run.client.post(
      '/api/applications/create',
      { vacancyId, memberIds: picked },
      leader.auth,
    );
    return res.status === 201 ? res : null;
  }, 'the leader applied with four members');
  const part = await run.client.post(
    `/api/admin/applications/${applied.body.id}/accept-part`,
    { memberIds: picked.slice(0, 2) },
    admin.auth,
  );
  expect(part.status).toBe(200);
  expect(part.body).toMatchObject({ positions: 3, freePositions: 2 });
  expect((await run.client.post('/api/applications/create', { vacancyId }, waiting.auth)).status).toBe(201);

  // The API's numbers, each from the service that answers the screen.
  const mine = await eventually(async () => {
    const list = (await run.client.get('/api/workers/vacancies/my/active', leader.auth)).body as {
      id: string;
      freePositions: number;
      totalPositions: number;
      application: { positions: number };
    }[];
    return list.find((v) => v.id === vacancyId && v.freePositions === 2);
  }, "the leader's moba");
  const estateItem = await eventually(async () => {
    const list = (await run.client.get('/api/estates/vacancies/all', estate.auth)).body as {
      id: string;
      freePositions: number;
      totalPositions: number;
    }[];
    return list.find((v) => v.id === vacancyId && v.freePositions === 2);
  }, "the estate's moba counts 2 free");
  const browsed = await eventually(async () => {
    const page = (await run.client.post('/api/workers/vacancies/open', { pageSize: 100 }, waiting.auth))
      .body as {
      items: { id: string; freePositions: number; totalPositions: number }[];
    };
    return page.items.find((v) => v.id === vacancyId && v.freePositions === 2);
  }, 'browse counts 2 free');
  const roster = (await run.client.get(`/api/estates/vacancies/${vacancyId}/roster`, estate.auth))
    .body as DayRoster;
  expect([mine.application.positions, roster.heads]).toEqual([3, 3]);

  // The leader: brings the 2 accepted, next to exactly those names, and the moba's free places.
  const leaderCard = await onScreen(leader, 'Worker', '/worker/my-mobas', async (page) => {
    const card = page.getByTestId('my-moba').filter({ hasText: title });
    await card.getByTestId('crew-outcome').waitFor();
    return {
      bringing: await card.getByTestId('bringing').textContent(),
      outcome: await card.getByTestId('crew-outcome').textContent(),
      free: await card.getByTestId('fact-free').textContent(),
    };
  });
  expect(leaderCard.bringing).toBe(`Dovodite ${mine.application.positions - 1} osobe.`);
  expect(leaderCard.outcome).toContain('Prihvaćeni iz ekipe: Dragan Ekipić, Zoran Ekipić');
  expect(leaderCard.free).toContain(free(mine));

  // A worker browsing: the same free places on the card.
  const browseFree = await onScreen(waiting, 'Worker', '/worker/mobas', async (page) => {
    const card = page.getByTestId('vacancy-card').filter({ hasText: title });
    await card.waitFor();
    return card.getByTestId('fact-free').textContent();
  });
  expect(browseFree).toContain(free(browsed));

  // The admin's queue: the waiting worker's ticket shows the moba's places.
  const queueFree = await onScreen(adminSession, 'Admin', '/admin/tickets', async (page) => {
    const ticket = page
      .getByTestId('worker-application')
      .filter({ hasText: `${waiting.firstName} ${waiting.lastName}` })
      .filter({ hasText: title });
    await ticket.locator('summary').click();
    return ticket.locator('details dl').textContent();
  });
  expect(queueFree).toContain('2 / 5');

  // The estate: the same free places, not "full"; the roster lists the 3 heads.
  const estateCard = await onScreen(estate, 'Estate', '/estate/my-mobas', async (page) => {
    const card = page.getByTestId('estate-moba').filter({ hasText: title });
    await card.waitFor();
    return {
      free: await card.getByTestId('fact-free').textContent(),
      phase: await card.getByTestId('vacancy-status').getAttribute('data-phase'),
    };
  });
  expect(estateCard.free).toContain(free(estateItem));
  expect(estateCard.phase).toBe('Open');
  const rosterRows = await onScreen(
    estate,
    'Estate',
    `/estate/my-mobas/${vacancyId}/roster`,
    async (page) => {
      await page.getByTestId('roster-person').nth(2).waitFor();
      return page.getByTestId('roster-person').count();
    },
  );
  expect(rosterRows).toBe(roster.heads);

  // The last two places go: "full" shows only now, next to 0 free.
  const waitingApplication = (
    (await run.client.get('/api/workers/applications', waiting.auth)).body as {
      vacancyId: string;
      applicationId: string;
    }[]
  ).find((a) => a.vacancyId === vacancyId)!.applicationId;
  expect(
    (await run.client.post(`/api/admin/applications/${waitingApplication}/accept`, {}, admin.auth)).status,
  ).toBe(200);
  const secondApplied = await run.client.post('/api/applications/create', { vacancyId }, second.auth);
  expect(
    (await run.client.post(`/api/admin/applications/${secondApplied.body.id}/accept`, {}, admin.auth)).status,
  ).toBe(200);
  const full = await eventually(async () => {
    const list = (await run.client.get('/api/estates/vacancies/all', estate.auth)).body as {
      id: string;
      status: string;
      freePositions: number;
      totalPositions: number;
    }[];
    return list.find((v) => v.id === vacancyId && v.status === 'Closed');
  }, 'the moba closed when full');
  expect(full.freePositions).toBe(0);
  const fullCard = await onScreen(estate, 'Estate', '/estate/my-mobas', async (page) => {
    const card = page.getByTestId('estate-moba').filter({ hasText: title });
    await card.waitFor();
    return {
      free: await card.getByTestId('fact-free').textContent(),
      status: await card.getByTestId('vacancy-status').textContent(),
    };
  });
  expect(fullCard.free).toContain(free(full));
  expect(fullCard.status).toContain('Popunjena');
});
