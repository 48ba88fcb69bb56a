import { createWorkerSession, logIn, runProductAndBrowser, screenshots, useSessionIn } from './helpers';

jest.setTimeout(90_000);

const run = runProductAndBrowser({ pagePerTest: true });

const vacancyId = '6f1d1c6e-7a9e-4f5e-9a43-3c1f0e0b7d21';
const fakeNotification = (id: string, key: string, extra: object = {}) => ({
  id,
  content: { key, params: { vacancyTitle: 'Berba malina u Arilju' } },
  dateSent: new Date(Date.now() - 3 * 3600_000).toISOString(),
  actionButtonType: null,
  actionButtonParamIds: [],
  ...extra,
});

test('the worker menu, the home page with Back to platform, and the rating action button', async () => {
  const session = await createWorkerSession(run.product);
  await useSessionIn(run.page, run.product.url, session);
  // The list comes from the server; this one carries a rating action and an unknown key.
  await run.page.route('**/api/notifications/all', (route) =>
    route.fulfill({
      json: [
        fakeNotification('0b8f7f2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', 'notification.rateEstate', {
          actionButtonType: 'RateEstate',
          actionButtonParamIds: [vacancyId],
        }),
        fakeNotification('1b8f7f2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', 'notification.somethingNew'),
      ],
    }),
  );
  await run.page.goto(`${run.product.url}/worker/mobas`);
  await run.page.getByRole('button', { name: 'Meni', exact: true }).click();
  const menu = run.page.getByRole('navigation', { name: 'Meni' });
  for (const item of [
    'Početna',
    'Aktivne mobe',
    'Profil',
    'Ocene',
    'Moje mobe',
    'Promena lozinke',
    'Odjava',
  ]) {
    await menu.getByText(item, { exact: true }).waitFor();
  }
  await screenshots(run.page, 'worker-menu');

  await menu.getByText('Početna', { exact: true }).click();
  await run.page.waitForURL('**/worker/home');
  await run.page.getByTestId('back-to-platform').click();
  await run.page.waitForURL('**/worker/mobas');

  await run.page.getByTestId('unread-badge').getByText('2').waitFor();
  await run.page.getByTestId('bell').click();
  const panel = run.page.getByTestId('notification-panel');
  await panel.getByText('pre 3 sata').first().waitFor();
  await panel.getByText('notification.somethingNew').waitFor(); // a missing key shows the key
  await screenshots(run.page, 'notification-panel-actions');
  await panel.getByRole('button', { name: 'Oceni gazdinstvo' }).click();
  await run.page.waitForURL(`**/worker/my-mobas/${vacancyId}/rate-estate`);
});

test('when marking as read fails, the panel keeps the item unread and a red "Greška" toast shows for 3 s', async () => {
  const session = await createWorkerSession(run.product);
  await useSessionIn(run.page, run.product.url, session);
  await run.page.route('**/api/notifications/all', (route) =>
    route.fulfill({
      json: [fakeNotification('2b8f7f2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', 'notification.applicationAccepted')],
    }),
  );
  await run.page.route('**/api/notifications/read', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'x' } } }),
  );
  await run.page.goto(`${run.product.url}/worker/mobas`);
  await run.page.getByTestId('bell').click();
  const panel = run.page.getByTestId('notification-panel');
  await panel
    .getByText('Vaša kandidatura za mobu „Berba malina u Arilju” je prihvaćena.', { exact: false })
    .waitFor();
  await panel.getByRole('button', { name: 'Označi kao pročitano' }).first().click();
  const toast = run.page.getByTestId('toast');
  await toast.getByText('Greška').waitFor();
  await screenshots(run.page, 'notification-error-toast');
  await toast.waitFor({ state: 'detached', timeout: 30_000 }); // its 3 s are unit-tested (toast.test.ts); a loaded machine runs the timer late
  await panel.getByRole('tab', { name: 'Nepročitana (1)' }).waitFor();
});

test('Mark all as read moves everything to the Read tab; Delete all asks first and empties both tabs', async () => {
  const session = await createWorkerSession(run.product);
  await useSessionIn(run.page, run.product.url, session);
  await run.page.route('**/api/notifications/all', (route) =>
    route.fulfill({
      json: [
        fakeNotification('3b8f7f2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', 'notification.applicationAccepted'),
        fakeNotification('4b8f7f2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', 'notification.vacancyDeleted'),
        fakeNotification('5b8f7f2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', 'notification.applicationRejected', {
          dateRead: new Date().toISOString(),
        }),
      ],
    }),
  );
  const bodies: unknown[] = [];
  await run.page.route('**/api/notifications/read', async (route) => {
    bodies.push(route.request().postDataJSON());
    await route.fulfill({ json: { ok: true, count: 3 } });
  });
  await run.page.goto(`${run.product.url}/worker/profile`);
  await run.page.getByTestId('bell').click();
  const panel = run.page.getByTestId('notification-panel');
  await panel.getByRole('tab', { name: 'Nepročitana (2)' }).waitFor();
  await panel.getByRole('tab', { name: 'Pročitana (1)', exact: true }).waitFor();
  const markedRead = run.page.waitForResponse('**/api/notifications/read');
  await panel.getByRole('button', { name: 'Označi sve kao pročitano' }).click();
  await markedRead;
  await panel.getByRole('tab', { name: 'Nepročitana (0)' }).waitFor();
  await panel.getByRole('tab', { name: 'Pročitana (3)', exact: true }).click();
  expect(await panel.getByTestId('notification').count()).toBe(3);
  expect(await run.page.getByTestId('unread-badge').count()).toBe(0);

  await panel.getByRole('button', { name: 'Obriši sve' }).click();
  const confirm = run.page.getByRole('dialog', { name: 'Obriši sve' });
  await confirm.getByText('Obrisati sva obaveštenja?').waitFor();
  await screenshots(run.page, 'notification-delete-all-confirm');
  // The panel empties at once (optimistic); the call is counted when its answer comes.
  const deleted = run.page.waitForResponse('**/api/notifications/read');
  await confirm.getByRole('button', { name: 'Obriši sve' }).click();
  await deleted;
  await panel.getByRole('tab', { name: 'Pročitana (0)', exact: true }).waitFor();
  await panel.getByText('Nema pročitanih obaveštenja.').waitFor();
  expect(bodies).toEqual([{ shouldDelete: false }, { shouldDelete: true }]);
});

test('changing the password logs the worker out; the new password works', async () => {
  const session = await createWorkerSession(run.product);
  await useSessionIn(run.page, run.product.url, session);
  await run.page.goto(`${run.product.url}/worker/update-password`);
  await run.page.getByLabel('Trenutna lozinka').fill(session.password);
  await run.page.getByLabel('Nova lozinka').fill('jos-sigurnija-1');
  await run.page.getByLabel('Ponovite lozinku').fill('jos-sigurnija-1');
  await screenshots(run.page, 'update-password');
  await run.page.getByRole('button', { name: 'Promeni lozinku' }).click();
  await run.page.waitForURL('**/login');
  await run.page.getByText('Lozinka je promenjena. Prijavite se novom lozinkom.').waitFor();
  expect(await run.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await logIn(run.page, run.product.url, session.email, 'jos-sigurnija-1');
  await run.page.waitForURL('**/worker/mobas');
});

test('"log out everywhere" on the profile, in all three scripts, ends every session of the account on the server', async () => {
  const session = await createWorkerSession(run.product);
  const elsewhere = await fetch(`${run.product.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: session.email, password: 'sigurna-lozinka-9' }),
  }).then((r) => r.json() as Promise<{ token: string }>);
  await useSessionIn(run.page, run.product.url, session);
  for (const [language, text] of [
    ['sr-Cyrl', 'Одјави ме свуда'],
    ['en', 'Log out everywhere'],
    ['sr', 'Odjavi me svuda'],
  ]) {
    await run.page.evaluate((lng) => localStorage.setItem('language', lng), language);
    await run.page.goto(`${run.product.url}/worker/profile`);
    await run.page.getByTestId('logout-everywhere').getByText(text, { exact: true }).waitFor();
  }
  await run.page.getByTestId('logout-everywhere').click();
  await run.page.getByRole('dialog', { name: 'Odjavi me svuda' }).waitFor();
  await screenshots(run.page, 'worker-logout-everywhere-confirm');
  await run.page.getByTestId('confirm-logout-everywhere').click();
  await run.page.waitForURL('**/login');
  expect(await run.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  for (const token of [session.token, elsewhere.token]) {
    const res = await fetch(`${run.product.url}/api/workers/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
  }
});
