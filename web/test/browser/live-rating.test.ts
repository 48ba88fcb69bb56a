import type { Page } from 'playwright-core';
import { mobaFields } from '../../../test/support/product';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createWorkerSession,
  linkFromMailbox,
  runProductAndBrowser,
  screenshots,
  unique,
  uniquePhone,
  useSessionIn,
} from './helpers';

jest.setTimeout(120_000);

let page: Page;

const run = runProductAndBrowser();

const DAY = 86_400_000;

async function api(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${run.product.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

async function estateToken() {
  const email = `gazda-${unique()}@example.com`;
  const password = 'gazdinstvo-2025';
  await api('POST', '/signup-estate', {
    email,
    password,
    confirmPassword: password,
    termsAccepted: true,
    firstName: 'Zoran',
    lastName: 'Ilić',
    phone: uniquePhone(),
    phoneCountry: 'RS',
    dateOfBirth: '1975-04-09',
    gender: 'male',
    region: 'RS',
    language: 'sr',
    estateName: 'Malinjak Ilić',
    municipality: 'Arilje',
    bpg: String(700_000_000_000 + Math.floor(Math.random() * 1e9)),
    primaryIndustry: 'Voćarstvo',
    cultureTypes: ['malina'],
    size: 'From1To10ha',
  });
  const link = new URL(await linkFromMailbox(run.product, email, '/confirm-email'));
  await api('POST', '/verify-email', { token: link.searchParams.get('token') });
  return (await api('POST', '/login', { email, password })).token as string;
}

test('a worker sees the acceptance and, when the moba ends, the live "rate the estate" notification that leads to the rating page', async () => {
  const worker = await createWorkerSession(run.product);
  const estate = await estateToken();
  const admin = (await api('POST', '/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }))
    .token as string;

  const context = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
  page = await context.newPage();
  await useSessionIn(page, run.product.url, worker);
  await page.goto(`${run.product.url}/worker/my-mobas`);
  await page.getByTestId('bell').waitFor();
  await page.waitForTimeout(1000); // the live channel greets and settles

  const now = new Date((await api('GET', '/dev/clock')).now).getTime();
  const day = (offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);
  const title = `Berba malina ${unique()}`;
  const { id: vacancyId } = await api(
    'POST',
    '/estates/vacancies/create',
    mobaFields(day(1), day(3), {
      title,
      description: 'Berba malina u Arilju, rad od 7 do 15 časova, ručak obezbeđen.',
      workEndTime: '15:00',
      hoursPerDay: 8,
      groupLeadersAccepted: false,
      dailyWage: 3500,
    }),
    estate,
  );
  await api('POST', '/applications/create', { vacancyId }, worker.token);
  const pending = (
    (await api('POST', '/admin/applications/pending', { sort: 'newest', pageSize: 100 }, admin)) as {
      items: unknown;
    }
  ).items as {
    id: string;
    vacancyId: string;
  }[];
  const application = pending.find((a) => a.vacancyId === vacancyId)!;
  await api('POST', `/admin/applications/${application.id}/accept`, {}, admin);

  // Pushed live: the badge and the panel update without a reload.
  await page.getByTestId('unread-badge').getByText('1').waitFor({ timeout: 20_000 });
  await page.getByTestId('bell').click();
  const panel = page.getByTestId('notification-panel');
  await panel.getByText(`Vaša kandidatura za mobu „${title}” je prihvaćena.`, { exact: false }).waitFor();

  // The job ends: the scheduler finishes the moba and the rating notification arrives live.
  await api('POST', '/dev/clock', { advanceMs: 5 * DAY });
  const rating = panel.getByTestId('notification').filter({ hasText: `Moba „${title}” je završena.` });
  await rating.waitFor({ timeout: 40_000 });
  await page.getByTestId('unread-badge').getByText('2').waitFor();
  await screenshots(page, 'notification-rate-estate-live');
  await rating.getByRole('button', { name: 'Oceni gazdinstvo' }).click();
  await page.waitForURL(`**/worker/my-mobas/${vacancyId}/rate-estate`);
  await screenshots(page, 'rate-estate-from-notification');
  await context.close();
});
