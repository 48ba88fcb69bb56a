/**
 * Crews (issue #20) in a real browser against the whole product: a leader keeps a named crew on the
 * profile and picks who comes, the admin accepts part of the crew, the estate opens the roster,
 * marks who came, and prints it on one A4 page for 40 people. Screens at 360 and 1280 px.
 */
import type { Page } from 'playwright-core';
import { ADMIN, mobaFields, registeredUser } from '../../../test/support/product';
import {
  logIn,
  screenshots,
  eventually,
  runProductBrowserAndAdmin,
  isoDay,
  type Session,
  cardAction,
  postedMoba,
  printedA4Pages,
  pendingApplications,
} from './helpers';

jest.setTimeout(150_000);

type Crew = { members: { id: string; name: string }[] };

const run = runProductBrowserAndAdmin();

const names = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => ({ name: `${prefix} ${String(i + 1).padStart(2, '0')}` }));

/** A tab signed in as this user, landing where their role lands. */
async function signedIn(session: Session | { email: string; password: string }, landing: string) {
  const context = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
  await context.addInitScript(() => sessionStorage.setItem('guidanceSeen', 'true'));
  const page = await context.newPage();
  await logIn(page, run.product.url, session.email, session.password);
  await page.waitForURL(`**${landing}`);
  return { context, page };
}

/** An estate's moba open in the application service (starting `startIn` days from today). */
async function openMoba(estate: Session, title: string, startIn: number, workers: number) {
  const vacancyId = await postedMoba(
    run.client,
    estate,
    mobaFields(isoDay(startIn), isoDay(startIn + 5), { title, numberOfWorkers: workers }),
  );
  await eventually(async () => {
    const list = await run.client.post('/api/admin/vacancies/open', { pageSize: 100 }, run.admin.auth);
    return (list.body.items as { id: string }[]).some((v) => v.id === vacancyId);
  }, 'moba open');
  return vacancyId;
}

async function leaderWithCrew(members: { name: string }[]) {
  const leader = await registeredUser(run.client, 'worker', { groupLeader: true, groupSize: 200 });
  await eventually(
    async () => (await run.client.put('/api/workers/me/crew', { members }, leader.auth)).status === 200,
    'crew saved',
  );
  const crew = (await run.client.get('/api/workers/me/crew', leader.auth)).body as Crew;
  return { leader, crew };
}

/** No element wider than the screen: nothing to scroll sideways at 360 px. */
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('a group leader writes the crew on the profile and picks who comes when applying', async () => {
  const leader = await registeredUser(run.client, 'worker', {
    groupLeader: true,
    groupSize: 10,
    lastName: 'Vođić',
  });
  const estate = await registeredUser(run.client, 'estate');
  const title = `Berba trešanja ${Date.now().toString(36)}`;
  await openMoba(estate, title, 3, 10);
  const { context, page } = await signedIn(leader, '/worker/mobas');
  try {
    await page.goto(`${run.product.url}/worker/profile`);
    const editor = page.getByTestId('crew-editor');
    await editor.waitFor();
    // Five empty rows to start with; saving them empty names the missing names.
    await editor.getByTestId('crew-save').click();
    await editor.getByText('Upišite ime.').first().waitFor();
    const people = ['Ana Anić', 'Bora Borić', 'Cvijeta Cvetić', 'Dara Darić', 'Đura Đurić'];
    for (const [index, name] of people.entries()) await editor.getByTestId('crew-name').nth(index).fill(name);
    await editor
      .getByLabel('Godina rođenja')
      .first()
      .fill(String(new Date().getFullYear() - 15));
    await editor.getByTestId('crew-save').click();
    await editor.getByText(/Član mora imati najmanje 16 godina/).waitFor();
    await editor.getByLabel('Godina rođenja').first().fill('1994');
    await editor.getByTestId('crew-save').click();
    await editor.getByTestId('crew-saved').waitFor();
    expect(await scrollWidth(page)).toBe(360);
    await screenshots(page, 'crew-editor');
    const saved = (await run.client.get('/api/workers/me/crew', leader.auth)).body as Crew;
    expect(saved.members.map((m) => m.name)).toEqual(people);

    await page.goto(`${run.product.url}/worker/mobas`);
    const card = page.getByTestId('vacancy-card').filter({ hasText: title });
    await card.getByRole('button', { name: 'Detalji i konkurisanje' }).click();
    const dialog = page.getByRole('dialog');
    const picker = dialog.getByTestId('crew-picker');
    // Nobody ticked: the picker says the application goes alone, in words, not "0 članova: 1 mesta".
    await picker.getByText('Niste označili nijednog člana: konkurišete sami, za 1 mesto.').waitFor();
    await picker.getByLabel('Ana Anić').check();
    await picker.getByLabel('Cvijeta Cvetić').check();
    await picker.getByText('Dolazite vi i 2 člana ekipe: 3 mesta.').waitFor();
    await screenshots(page, 'crew-apply-picker');
    await dialog.getByRole('button', { name: 'Konkuriši' }).click();
    await dialog.getByTestId('apply-success').waitFor();
    const pending = await pendingApplications(run);
    const mine = pending.find((a) => a.workerId === leader.userId)!;
    expect(mine.positions).toBe(3);
    expect(mine.crew?.map((m) => m.name)).toEqual(['Ana Anić', 'Cvijeta Cvetić']);
  } finally {
    await context.close();
  }
});

test('the admin accepts part of a crew; the estate sees the roster and marks who came', async () => {
  const estate = await registeredUser(run.client, 'estate');
  const title = `Berba višanja ${Date.now().toString(36)}`;
  const vacancyId = await openMoba(estate, title, 0, 10);
  const tag = Date.now().toString(36);
  const { leader, crew } = await leaderWithCrew(names(5, `Član ${tag}`));
  const memberIds = crew.members.slice(0, 3).map((m) => m.id);
  await eventually(
    async () =>
      (await run.client.post('/api/applications/create', { vacancyId, memberIds }, leader.auth)).status ===
      201,
    'applied with three members',
  );

  const adminTab = await signedIn(ADMIN, '/admin/tickets');
  try {
    const ticket = adminTab.page
      .getByTestId('worker-application')
      .filter({ hasText: `${leader.firstName} ${leader.lastName}` })
      .filter({ has: adminTab.page.getByTestId('crew-decision') });
    const decision = ticket.getByTestId('crew-decision');
    await decision.waitFor();
    await decision.getByLabel(crew.members[2].name).uncheck();
    await decision.getByRole('button', { name: 'Prihvati vođu i 2 od 3' }).click();
    await adminTab.page.getByText('Prihvaćeno: vođa i 2 člana ekipe.').waitFor();
  } finally {
    await adminTab.context.close();
  }
  // The leader sees who of the crew was accepted and who was not.
  const leaderTab = await signedIn(leader, '/worker/mobas');
  try {
    await leaderTab.page.goto(`${run.product.url}/worker/my-mobas`);
    const outcome = leaderTab.page
      .getByTestId('my-moba')
      .filter({ hasText: title })
      .getByTestId('crew-outcome');
    await outcome
      .getByText(`Prihvaćeni iz ekipe: ${crew.members[0].name}, ${crew.members[1].name}`)
      .waitFor();
    await outcome.getByText(`Nisu prihvaćeni: ${crew.members[2].name}`).waitFor();
    await screenshots(leaderTab.page, 'crew-leader-my-mobas');
  } finally {
    await leaderTab.context.close();
  }
  const accepted = await eventually(async () => {
    const roster = await run.client.get(`/api/estates/vacancies/${vacancyId}/roster`, estate.auth);
    return roster.status === 200 && roster.body.heads === 3 ? roster.body : null;
  }, 'the roster has the leader and two members');
  expect(accepted.people.map((p: { name: string }) => p.name)).toEqual([
    `${leader.firstName} ${leader.lastName}`,
    crew.members[0].name,
    crew.members[1].name,
  ]);

  const { context, page } = await signedIn(estate, '/estate/my-mobas');
  try {
    const card = page.getByTestId('estate-moba').filter({ hasText: title });
    await (await cardAction(card, { testId: 'roster-link' })).click();
    await page.waitForURL(`**/estate/my-mobas/${vacancyId}/roster`);
    const rows = page.getByTestId('roster-person');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(3);
    await expect(rows.nth(0).textContent()).resolves.toContain(leader.phone);
    await expect(rows.nth(1).textContent()).resolves.toContain(`Ekipa: ${leader.firstName}`);
    await rows.nth(0).getByTestId('mark-Came').click();
    await rows.nth(1).getByTestId('mark-Came').click();
    await rows.nth(2).getByTestId('mark-DidNotCome').click();
    // "2 of 3 came" already shows after the second mark: wait for the third to be recorded too.
    await rows.nth(2).locator('[data-testid="mark-DidNotCome"][aria-pressed="true"]').waitFor();
    await page.getByText('Došlo: 2 od 3').waitFor();
    expect(await scrollWidth(page)).toBe(360);
    await screenshots(page, 'crew-roster');
  } finally {
    await context.close();
  }
});

test('a roster of 40 people prints on one A4 page', async () => {
  const estate = await registeredUser(run.client, 'estate');
  const vacancyId = await openMoba(estate, `Berba kajsija ${Date.now().toString(36)}`, 2, 40);
  const { leader, crew } = await leaderWithCrew(names(39, 'Radnica Dugoimenović-Prezimenić'));
  const applied = await eventually(async () => {
    const res = await run.client.post(
      '/api/applications/create',
      { vacancyId, memberIds: crew.members.map((m) => m.id) },
      leader.auth,
    );
    return res.status === 201 ? res : null;
  }, 'applied with 39 members');
  expect(
    (await run.client.post(`/api/admin/applications/${applied.body.id}/accept`, {}, run.admin.auth)).status,
  ).toBe(200);

  const { context, page } = await signedIn(estate, '/estate/my-mobas');
  try {
    await page.goto(`${run.product.url}/estate/my-mobas/${vacancyId}/roster`);
    await page.getByTestId('roster-person').nth(39).waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ media: 'print' });
    // The sheet (40 people, one line each) fits the A4 page's printable 277 mm (96 px per inch).
    const sheetMm = await page.evaluate(
      () => (document.querySelector('.roster-sheet')!.getBoundingClientRect().height / 96) * 25.4,
    );
    expect(sheetMm).toBeLessThan(277);
    expect(await printedA4Pages(page)).toBe(1);
    await page.emulateMedia({ media: 'screen' });
  } finally {
    await context.close();
  }
});

test('a worker whose phone a leader listed sees the invitation on the profile, joins, and the leader sees it', async () => {
  const member = await registeredUser(run.client, 'worker');
  const leader = await registeredUser(run.client, 'worker', {
    groupLeader: true,
    groupSize: 10,
    lastName: 'Pozivić',
  });
  const members = [{ name: 'Jelena Pozvana', phone: member.phone as string }, ...names(4, 'Član')];
  await eventually(
    async () => (await run.client.put('/api/workers/me/crew', { members }, leader.auth)).status === 200,
    'crew saved',
  );
  await eventually(
    async () => (await run.client.get('/api/workers/me/crew-invitations', member.auth)).body.length === 1,
    'the invitation is sent',
  );
  const invited = await signedIn(member, '/worker/mobas');
  try {
    await invited.page.goto(`${run.product.url}/worker/profile`);
    const section = invited.page.getByTestId('crew-invitations');
    await section.getByText(/upisani ste u ekipu kao „Jelena Pozvana”/).waitFor();
    await screenshots(invited.page, 'crew-invitation');
    await section.getByRole('button', { name: 'Pridruži se ekipi' }).click();
    await section.waitFor({ state: 'detached' });
  } finally {
    await invited.context.close();
  }
  const shown = await signedIn(leader, '/worker/mobas');
  try {
    await shown.page.goto(`${run.product.url}/worker/profile`);
    const links = shown.page.getByTestId('crew-editor').getByTestId('crew-link');
    await links.first().getByText('U ekipi, potvrđeno').waitFor();
    expect(await links.count()).toBe(1);
  } finally {
    await shown.context.close();
  }
});
