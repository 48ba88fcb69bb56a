import { calendarDay } from '@moba/contracts';
import { testClient, eventually, type TestClient } from '@moba/platform/testing';
import { startEmbedded } from '../../scripts/embedded';
import { mobaFields } from './moba-fields';
import { validWorkerSignUp } from './sign-ups';

export { mobaFields };

export const ADMIN = { email: 'admin@moba.test', password: 'admin-pass-123' };

/** The whole product in this process, on memory stores, behind a real gateway on a free port. */
export async function startProduct(env: NodeJS.ProcessEnv = {}) {
  const product = await startEmbedded({
    port: 0,
    dataDir: 'memory',
    env: {
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_SCALE: '100',
      ...env,
    },
  });
  return { ...product, client: testClient(product.url) };
}
export type Product = Awaited<ReturnType<typeof startProduct>>;

/** The product for one test file: started before its first test, stopped after its last; api() is its client. */
export function productForFile(env: NodeJS.ProcessEnv = {}) {
  let product: Product | undefined;
  beforeAll(async () => {
    product = await startProduct(env);
  }, 60_000);
  afterAll(() => product?.stop(), 60_000);
  return { api: () => product!.client };
}

let sequence = 0;
/**
 * A unique, valid Serbian mobile number per call. The prefix is fixed (064): 067 is no mobile prefix,
 * so a third digit taken from the clock made one number in ten invalid.
 */
export const uniquePhone = () => `064${String(Date.now() % 1e6).padStart(6, '0')}${String(++sequence % 10)}`;

export function workerSignup(overrides: Record<string, unknown> = {}) {
  const id = `${Date.now()}${++sequence}`;
  return validWorkerSignUp({
    email: `worker${id}@example.rs`,
    firstName: 'Milan',
    lastName: 'Jovanović',
    phone: `+3816${String(40000000 + (Number(id.slice(-7)) % 9999999))}`,
    ...overrides,
  });
}

export function estateSignup(overrides: Record<string, unknown> = {}) {
  const id = `${Date.now()}${++sequence}`;
  return {
    email: `estate${id}@example.rs`,
    password: 'zlatno-polje-2',
    confirmPassword: 'zlatno-polje-2',
    termsAccepted: true,
    firstName: 'Jelena',
    lastName: 'Petrović',
    phone: `+3816${String(50000000 + (Number(id.slice(-7)) % 9999999))}`,
    phoneCountry: 'RS',
    dateOfBirth: '1980-03-10',
    gender: 'female',
    region: 'RS',
    language: 'sr',
    estateName: `Gazdinstvo Petrović ${id}`,
    municipality: 'Arilje',
    bpg: '123456789012',
    primaryIndustry: 'Voćarstvo',
    cultureTypes: ['malina'],
    size: 'From1To10ha',
    ...overrides,
  };
}

type Notice = {
  content: { key: string; params: Record<string, unknown> };
  actionButtonType: string | null;
  actionButtonParamIds: string[];
};

/** Waits for a notification of `key` (and matching params) in the user's panel (GET /api/notifications/all). */
export async function notificationOf(
  client: TestClient,
  auth: Record<string, string>,
  key: string,
  params: Record<string, unknown> = {},
) {
  return eventually(
    async () => {
      const list = await client.get('/api/notifications/all', auth);
      return ((list.body ?? []) as Notice[]).find(
        (n) =>
          n.content.key === key &&
          Object.entries(params).every(([name, value]) => n.content.params[name] === value),
      );
    },
    `a ${key} notification`,
    10_000,
  );
}

/** Follows the newest link mailed to an address (the dev mailbox, as a person would). */
export async function mailedLink(client: TestClient, email: string, contains: string): Promise<string> {
  return eventually(async () => {
    const response = await client.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    const mails = (response.body ?? []) as { links: string[] }[];
    return mails.flatMap((m) => m.links).find((l) => l.includes(contains));
  }, `a mail to ${email} with ${contains}`);
}

export const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** Signs up, confirms by the mailed link and logs in; resolves the session. */
export async function registeredUser(
  client: TestClient,
  kind: 'worker' | 'estate',
  overrides: Record<string, unknown> = {},
) {
  const body = kind === 'worker' ? workerSignup(overrides) : estateSignup(overrides);
  const signup = await client.post(`/api/signup-${kind}`, body);
  if (signup.status >= 300) throw new Error(`sign-up failed: ${signup.status} ${signup.text}`);
  const link = await mailedLink(client, body.email as string, 'confirm-email');
  const verified = await client.post('/api/verify-email', { token: tokenOf(link) });
  if (verified.status >= 300) throw new Error(`verify failed: ${verified.status} ${verified.text}`);
  const login = await client.post('/api/login', { email: body.email, password: body.password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return {
    ...body,
    userId: login.body.userId as string,
    token: login.body.token as string,
    auth: { authorization: `Bearer ${login.body.token}` },
  };
}

export async function loginAdmin(client: TestClient) {
  const login = await client.post('/api/login', ADMIN);
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${login.text}`);
  return { userId: login.body.userId as string, auth: { authorization: `Bearer ${login.body.token}` } };
}

const DAY_MS = 86_400_000;

/** The product's calendar day (YYYY-MM-DD, Belgrade) `days` from its clock's now (the dev clock may have been moved). */
export async function productDay(client: TestClient, days = 0): Promise<string> {
  const clock = await client.get('/api/dev/clock');
  const now = clock.status === 200 ? Date.parse(clock.body.now) : Date.now();
  // The product's calendar day (Belgrade), not UTC's: the two differ for an hour or two after midnight.
  const today = calendarDay(new Date(now));
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A valid moba (vacancy) body starting `startIn` days from the product's today and lasting `days` days. */
export async function mobaBody(
  client: TestClient,
  overrides: Record<string, unknown> = {},
  startIn = 2,
  days = 3,
) {
  return mobaFields(
    await productDay(client, startIn),
    await productDay(client, startIn + days - 1),
    overrides,
  );
}

/** Opens a sandbox checkout page and presses one of its buttons as a browser form post would. */
export async function pressCheckout(checkoutUrl: string, outcome: 'succeeded' | 'failed' | 'cancelled') {
  const page = await fetch(checkoutUrl);
  if (page.status !== 200) throw new Error(`checkout page answered ${page.status}`);
  const html = await page.text();
  const action = new RegExp(`<form method="post" action="([^"]*/${outcome})"`).exec(html)?.[1];
  if (!action) throw new Error(`no ${outcome} button on the checkout page`);
  const response = await fetch(new URL(action, checkoutUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  return {
    status: response.status,
    location: response.headers.get('location') ?? '',
    html,
    action: new URL(action, checkoutUrl).href,
  };
}

/**
 * Reports a moba until the vacancy service hides it. Reports are weighed (issue #33): each reporter
 * first works a moba of the same estate (applied nearby and accepted), which weighs more than a fresh
 * account, so a few of them hide it; a reporter whose standing has not reached the vacancy service yet
 * weighs less, and the next one adds to the sum.
 */
export async function hideByReports(
  client: TestClient,
  admin: Record<string, string>,
  estate: Record<string, string>,
  vacancyId: string,
  maxReporters = 8,
) {
  const hidden = async () => {
    const queue = await client.post('/api/admin/vacancies/review', {}, admin);
    return (queue.body as { id: string; review: { hidden: boolean } }[]).some(
      (item) => item.id === vacancyId && item.review.hidden,
    );
  };
  for (let reporters = 0; !(await hidden()); reporters++) {
    if (reporters >= maxReporters) throw new Error(`${maxReporters} reporters did not hide ${vacancyId}`);
    const reporter = await registeredUser(client, 'worker');
    const worked = await client.post('/api/estates/vacancies/create', await mobaBody(client), estate);
    if (worked.status !== 201) throw new Error(`create failed: ${worked.status} ${worked.text}`);
    const applied = await eventually(
      async () => {
        const res = await client.post(
          '/api/applications/create',
          { vacancyId: worked.body.id },
          reporter.auth,
        );
        return res.status === 201 ? res : null;
      },
      'the reporter applies to a moba of the estate',
      10_000,
    );
    await eventually(
      async () =>
        (await client.post(`/api/admin/applications/${applied.body.id}/accept`, {}, admin)).status === 200,
      'the admin accepts the reporter',
      10_000,
    );
    const report = await client.post(
      `/api/workers/vacancies/${vacancyId}/report`,
      { reason: 'fake_listing' },
      reporter.auth,
    );
    if (report.status !== 201) throw new Error(`report failed: ${report.status} ${report.text}`);
  }
}
