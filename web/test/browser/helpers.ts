import { execSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { eventually as eventuallyWithin, testClient, type TestClient } from '@moba/platform/testing';
import { calendarDay, type PendingApplication } from '@moba/contracts';
import { startEmbedded } from '../../../scripts/embedded';
import {
  ADMIN,
  loginAdmin,
  registeredUser,
  startProduct as startWholeProduct,
} from '../../../test/support/product';

const root = path.resolve(__dirname, '../../..');
export const webDist = path.join(root, 'web', 'dist');
export const outputDir = path.join(root, 'test-output', 'browser');
export const ADMIN_EMAIL = ADMIN.email;
export const ADMIN_PASSWORD = ADMIN.password;

/** The browser tests drive the built SPA: build it once when dist is missing. */
export function ensureBuilt(): void {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    execSync('npm run build -w web', { cwd: root, stdio: 'inherit' });
  }
}

export type Product = Awaited<ReturnType<typeof startEmbedded>>;

/** The whole product in this process (gateway + six services), in memory, on a free port. */
export async function startProduct(): Promise<Product> {
  ensureBuilt();
  return startWholeProduct({ LOG_LEVEL: 'error' });
}

/**
 * Chromium as the tests use it. Its contexts block the app's service worker unless a test asks for it
 * (`serviceWorkers: 'allow'`, as offline.test.ts does): a request the worker answers never reaches
 * page.route, and most files shape the network with page.route.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: 'block', ...options });
  browser.newPage = (options = {}) => newPage({ serviceWorkers: 'block', ...options });
  return browser;
}

export interface BrowserRun {
  product: Product;
  /** An API client on the product. */
  client: TestClient;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

export interface RunOptions {
  /** Each test gets a fresh 360 px context and page, closed after it. */
  pagePerTest?: boolean;
}

/**
 * The hooks the browser files share: the product and Chromium start before the file's tests and stop
 * after them. The answer is the run, filled in by the hooks: read `run.page` inside a test. The
 * file's own beforeAll and beforeEach, declared after this call, run after these.
 */
export function runProductAndBrowser({ pagePerTest = false }: RunOptions = {}): BrowserRun {
  const run = {} as BrowserRun;
  beforeAll(async () => {
    [run.product, run.browser] = await Promise.all([startProduct(), launchBrowser()]);
    run.client = testClient(run.product.url);
  }, 120_000);
  afterAll(async () => {
    await run.browser?.close();
    await run.product?.stop();
  });
  if (!pagePerTest) return run;
  beforeEach(async () => {
    run.context = await run.browser.newContext({ viewport: { width: 360, height: 780 } });
    run.page = await run.context.newPage();
  });
  afterEach(async () => {
    await run.context.close();
  });
  return run;
}

/** A user the test registered through the API, with their token and auth header. */
export type Session = Awaited<ReturnType<typeof registeredUser>>;
export type Script = 'sr-Latn' | 'sr-Cyrl' | 'en';

export interface AdminRun extends BrowserRun {
  admin: Awaited<ReturnType<typeof loginAdmin>>;
}

/** As `runProductAndBrowser`, with the admin logged in through the API client. */
export function runProductBrowserAndAdmin(options: RunOptions = {}): AdminRun {
  const run = runProductAndBrowser(options) as AdminRun;
  beforeAll(async () => {
    run.admin = await loginAdmin(run.client);
  });
  return run;
}

const axeSource = require.resolve('axe-core/axe.min.js');

/** The serious and critical axe violations of what the page shows now, as "rule: targets". */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axeSource });
  return page.evaluate(async () => {
    type Results = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<Results> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** Saves the page at 360 px (a cheap phone) and 1280 px wide under test-output/browser/. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(outputDir, { recursive: true });
  const original = page.viewportSize() ?? { width: 360, height: 780 };
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.waitForTimeout(100);
    await page.screenshot({ path: path.join(outputDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

/**
 * Waits until every shown icon is drawn from the sprite (a `<use>` whose file never came has an empty
 * box); a failure names the icons that stayed blank.
 */
export async function iconsDrawn(page: Page): Promise<void> {
  const blank = () =>
    page.evaluate(() => {
      const shown = [...document.querySelectorAll<SVGSVGElement>('svg.icon')].filter(
        (svg) => svg.getClientRects().length > 0,
      );
      if (shown.length === 0) return ['(no icon shown)'];
      return shown
        .map((svg) => svg.querySelector('use'))
        .filter((use) => !use || use.getBBox().width === 0)
        .map((use) => use?.getAttribute('href') ?? '(an icon without <use>)');
    });
  for (let tries = 0; tries < 50; tries++) {
    if ((await blank()).length === 0) return;
    await page.waitForTimeout(200);
  }
  throw new Error(`icons not drawn: ${(await blank()).join(', ')}`);
}

/** Every screen a visitor can open without signing in. */
export const visitorPages = [
  '/',
  '/sr-Cyrl',
  '/en',
  '/harvest-calendar',
  '/harvest-calendar/sr-Cyrl',
  '/harvest-calendar/en',
  '/privacy-policy',
  '/media',
  '/crowdfunding',
  '/guest-registration',
  '/successful-guest-creation',
  '/login',
  '/signup',
  '/forgot-password',
  '/forgot-password-email-sent',
  '/new-password?token=abc',
  '/successful-password-reset',
  '/confirmation-email-sent',
  '/confirm-email?token=not-a-real-token',
];

/**
 * The JavaScript a first visit may transfer, gzipped: a worker's sign-in and browse
 * (data-budget.test.ts) and a moba's page opened from a pasted link (moba-page.test.ts; it was held
 * to 152 KB when the browse's limit went to 153, and reached 152.2 KB with the browse shell's early
 * request, whose 0.2 KB sit in the shared entry chunk).
 */
// Raised from 150 KB when the day of work landed (its routes and texts' loaders added 0.8 KB to the
// shared index chunk), and to 153 KB when job alerts, the install offer and the page boundary came
// (0.4 KB more). Back to 152 (151.5 measured) with browse's details dialog fetched at the first touch
// of a card and an estate's moba sub-pages as one chunk, though the browse's data now also reaches
// the query cache before the first render (issue #35 point 10). The browse chips (issue #35 point 11)
// added 0.5 KB, so 153 again (152.0 measured). Still owed: 3 KB.
export const FIRST_VISIT_JS_LIMIT_KB = 153;

/** The product's calendar day (Belgrade) `offsetDays` from today, as the API writes dates. */
export const isoDay = (offsetDays: number) =>
  new Date(Date.parse(`${calendarDay(new Date())}T00:00:00Z`) + offsetDays * 86_400_000)
    .toISOString()
    .slice(0, 10);

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/**
 * Waits until a condition holds. Browser tests share one long wait (a page on a loaded machine may
 * take many times its usual time): under the project's 120 s test timeout, so a failed wait still
 * names what it waited for.
 */
export const eventually = <T>(check: () => Promise<T | undefined | null | false>, label = 'condition') =>
  eventuallyWithin(check, label, WAIT_MS);
export const WAIT_MS = 55_000;

/** A valid Serbian mobile number that no other test uses. */
export const uniquePhone = () =>
  `06${Math.floor(Math.random() * 3) + 1}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

interface DevMail {
  to: string;
  subject: string;
  links: string[];
  sentAt: string;
}

/** The newest mail to `to` in the dev mailbox whose link path matches, waiting for it to arrive. */
export async function linkFromMailbox(product: Product, to: string, pathPart: string): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const res = await fetch(`${product.url}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
    if (res.ok) {
      const mails = (await res.json()) as DevMail[];
      const link = mails.flatMap((m) => m.links).find((l) => l.includes(pathPart));
      if (link) {
        const url = new URL(link);
        return `${product.url}${url.pathname}${url.search}`;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail with ${pathPart} for ${to}`);
}

/** Fills the three worker sign-up steps in the browser and lands on /confirmation-email-sent. */
export async function signUpWorker(
  page: Page,
  baseUrl: string,
  person: { email: string; phone: string; password: string },
) {
  await page.goto(`${baseUrl}/signup`);
  await page.getByTestId('choose-worker').click();
  await page.waitForURL('**/month-availability');
  await fillAvailability(page, ['Mart', 'April']);
  await fillBasicInfo(page, person);
  await page.getByRole('button', { name: 'Završi registraciju' }).click();
  await page.waitForURL('**/confirmation-email-sent');
}

/** The worker's first sign-up step: these months, Arilje, no group leader, own transport, travels; on to basic info. */
export async function fillAvailability(page: Page, months: string[]) {
  for (const month of months) await page.getByLabel(month).check();
  await page.getByLabel('Opština u kojoj živite').fill('Arilje');
  await page.locator('fieldset', { hasText: 'vođa grupe' }).getByLabel('Ne').check();
  await page.locator('fieldset', { hasText: 'prevoz' }).getByLabel('Da').check();
  await page.locator('fieldset', { hasText: 'van svoje opštine' }).getByLabel('Da').check();
  await page.getByRole('button', { name: 'Dalje' }).click();
  await page.waitForURL('**/basic-info-registration');
}

export async function fillBasicInfo(page: Page, person: { email: string; phone: string; password: string }) {
  await page.getByLabel('Ime', { exact: true }).fill('Milica');
  await page.getByLabel('Prezime').fill('Jovanović');
  await page.getByLabel('Broj telefona').fill(person.phone);
  await page.getByLabel('Datum rođenja').fill('1990-05-14');
  await page.getByLabel('Ženski').check();
  await page.getByLabel('E-mail adresa').fill(person.email);
  await page.getByLabel('Lozinka', { exact: true }).fill(person.password);
  await page.getByLabel('Ponovite lozinku').fill(person.password);
  await page.getByRole('checkbox', { name: /Prihvatam uslove/ }).check();
}

export async function logIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail adresa').fill(email);
  await page.getByLabel('Lozinka').fill(password);
  await page.getByRole('button', { name: 'Prijavi se' }).click();
}

/** The body of POST /signup-worker for a valid worker (overrides change single fields). */
export const workerSignUpBody = (
  email: string,
  password: string,
  overrides: Record<string, unknown> = {},
) => ({
  email,
  password,
  confirmPassword: password,
  termsAccepted: true,
  firstName: 'Petar',
  lastName: 'Marković',
  phone: uniquePhone(),
  phoneCountry: 'RS',
  dateOfBirth: '1988-02-03',
  gender: 'male',
  region: 'RS',
  language: 'sr',
  availabilityMonths: [6, 7],
  municipality: 'Arilje',
  skills: '',
  groupLeader: false,
  transportOrganised: true,
  willingToTravel: true,
  ...overrides,
});

/** A worker signed up, confirmed and logged in through the API (for tests about the signed-in screens). */
export async function createWorkerSession(product: Product, password = 'sigurna-lozinka-9') {
  const email = `api-radnik-${unique()}@example.com`;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${product.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<Record<string, string>>;
  };
  await post('/signup-worker', workerSignUpBody(email, password));
  const link = new URL(await linkFromMailbox(product, email, '/confirm-email'));
  await post('/verify-email', { token: link.searchParams.get('token') });
  const { token, userId } = await post('/login', { email, password });
  return { email, password, token: token!, userId: userId! };
}

export interface SignIn {
  /** Worker unless said. */
  role?: 'Worker' | 'Estate' | 'Admin';
  /** The reader's language (the app's default, Serbian Latin, unless said). */
  language?: Script;
}

type StoredSession = { token: string; userId: string; role: string; language: string | null };
const storedSession = (
  { token, userId }: { token: string; userId: string },
  { role = 'Worker', language }: SignIn,
): StoredSession => ({ token, userId, role, language: language ?? null });
/** Runs in the page: the storage a login leaves (the first-visit guidance seen). */
const storeSession = (s: StoredSession) => {
  sessionStorage.setItem('guidanceSeen', 'true');
  localStorage.setItem('token', s.token);
  localStorage.setItem('userId', s.userId);
  localStorage.setItem('role', s.role);
  if (s.language) localStorage.setItem('language', s.language);
};

/**
 * Every page of the context opens signed in as this session, as a login leaves it (the first-visit
 * guidance seen): the session is stored before any script of the page runs.
 */
export async function signInContext(
  context: BrowserContext,
  session: { token: string; userId: string },
  signIn: SignIn = {},
): Promise<void> {
  await context.addInitScript(storeSession, storedSession(session, signIn));
}

/** The viewport of a phone (under 600 px) or a laptop at this width. */
export const viewportOf = (width: number) => ({ width, height: width < 600 ? 780 : 900 });

/** A new context signed in as the session; `width` sets a phone's or a laptop's viewport. */
export async function signedInContext(
  browser: Browser,
  session: { token: string; userId: string },
  {
    role,
    language,
    width,
    ...options
  }: SignIn & { width?: number } & Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...(width ? { viewport: viewportOf(width) } : {}), ...options });
  await signInContext(context, session, { role, language });
  return context;
}

/**
 * Puts a session into the page's storage once, as a login would (the first-visit guidance seen): what
 * the page changes later (a sign-out, another language) stays changed.
 */
export async function useSessionIn(
  page: Page,
  baseUrl: string,
  session: { token: string; userId: string },
  signIn: SignIn = {},
) {
  await page.goto(`${baseUrl}/privacy-policy`);
  await page.evaluate(storeSession, storedSession(session, signIn));
}

/** Picks exactly these choices in a ChoiceChips group (a long list is searched first), as a thumb would. */
export async function chooseChips(page: Page, group: string, labels: string[]): Promise<void> {
  const field = page.getByRole('group', { name: group });
  const checked = field.getByRole('checkbox', { checked: true });
  while ((await checked.count()) > 0) await checked.first().uncheck();
  const search = field.getByRole('searchbox');
  const searchable = (await search.count()) > 0;
  for (const label of labels) {
    if (searchable) await search.fill(label);
    await field.getByRole('checkbox', { name: label, exact: true }).check();
  }
  if (searchable) await search.fill('');
}

/** How many A4 pages the page prints on (Chromium's print to PDF, the page's own print styles). */
export async function printedA4Pages(page: Page): Promise<number> {
  const pdf = await page.pdf({ format: 'A4', printBackground: false, preferCSSPageSize: true });
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
}

/** Posts a moba as the estate through the API; its id. */
export async function postedMoba(
  client: TestClient,
  estate: { auth: Record<string, string> },
  body: unknown,
): Promise<string> {
  const created = await client.post('/api/estates/vacancies/create', body, estate.auth);
  if (created.status !== 201) throw new Error(`moba: ${created.status} ${created.text}`);
  return created.body.id as string;
}

/**
 * The worker applies to the moba (once the application service has heard of it) and the admin
 * accepts; the application's id.
 */
/** The admin's queue of pending applications, newest first (its first 100). */
export async function pendingApplications(run: AdminRun): Promise<PendingApplication[]> {
  const res = await run.client.post(
    '/api/admin/applications/pending',
    { sort: 'newest', pageSize: 100 },
    run.admin.auth,
  );
  if (res.status !== 200) throw new Error(`pending applications: ${res.status} ${res.text}`);
  return res.body.items as PendingApplication[];
}

export async function acceptedApplication(
  client: TestClient,
  admin: { auth: Record<string, string> },
  worker: { auth: Record<string, string> },
  vacancyId: string,
): Promise<string> {
  const applied = await eventually(async () => {
    const res = await client.post('/api/applications/create', { vacancyId }, worker.auth);
    return res.status === 201 && (res.body.id as string);
  }, 'applied');
  const accepted = await client.post(`/api/admin/applications/${applied}/accept`, {}, admin.auth);
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${accepted.text}`);
  return applied;
}

/**
 * Fills the estate's create form with a blackberry harvest at Ivanjica for 4 workers at 3,500 RSD a
 * day, food, transport and crews yes (Kupina has no harvest months in the reference data, so no
 * month holds it for review).
 */
export async function fillCreateMobaForm(
  page: Page,
  moba: { title: string; description: string; startDate: string; endDate: string; accommodation: boolean },
): Promise<void> {
  await page.getByLabel('Naziv mobe').fill(moba.title);
  await page.getByLabel('Opis posla').fill(moba.description);
  await page.getByLabel('Opština').fill('Ivanjica');
  await chooseChips(page, 'Poslovi', ['Berba / branje']);
  await chooseChips(page, 'Kulture', ['Kupina']);
  await page.getByLabel('Broj radnika').fill('4');
  await page.getByLabel('Datum početka').fill(moba.startDate);
  await page.getByLabel('Datum završetka').fill(moba.endDate);
  await page.getByLabel('Dnevnica (RSD)').fill('3500');
  const answers = {
    foodProvided: true,
    transportProvided: true,
    accommodationProvided: moba.accommodation,
    groupLeadersAccepted: true,
  };
  for (const [group, yes] of Object.entries(answers))
    await page
      .getByTestId(`group-${group}`)
      .getByLabel(yes ? 'da' : 'ne', { exact: true })
      .check();
}

/** The heights of the phone links shown on the page (a thumb needs 44 px); none shown fails the caller. */
export async function phoneLinkHeights(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[href^="tel:"]')]
      .filter((a) => a.getClientRects().length > 0)
      .map((a) => Math.round(a.getBoundingClientRect().height)),
  );
}

/** Chooses a language where a signed-in reader has it: in the menu, opened first where it folds (a phone). */
export async function chooseLanguageInMenu(page: Page, lng: Script): Promise<void> {
  await page.locator('main h1').first().waitFor(); // the page is shown: its layout no longer changes
  const toggle = page.locator('button.menu-toggle');
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') {
    await toggle.click();
    await page.locator('#side-menu[data-open="true"]').waitFor();
  }
  await page.locator(`#side-menu [data-lang="${lng}"]`).click();
}

/**
 * An action of an estate's moba card, by its words or test id: the card's one primary button when it
 * is that, otherwise the item of its "⋯" menu (opened first).
 */
export async function cardAction(card: Locator, what: string | { testId: string }): Promise<Locator> {
  const primary = card.locator('.card-actions > .primary');
  await primary.waitFor();
  const isPrimary =
    typeof what === 'string'
      ? (await primary.innerText()).trim() === what
      : (await primary.getAttribute('data-testid')) === what.testId;
  if (isPrimary) return primary;
  const menu = card.getByRole('menu');
  if (!(await menu.isVisible())) await card.getByTestId('card-menu').click();
  return typeof what === 'string'
    ? menu.getByRole('menuitem', { name: what, exact: true })
    : menu.getByTestId(what.testId);
}

/** The words of every action of an estate's moba card, the primary one first; the menu is left closed. */
export async function cardActionNames(card: Locator): Promise<string[]> {
  const primary = card.locator('.card-actions > .primary');
  await primary.waitFor();
  const names = [(await primary.innerText()).trim()];
  const menuButton = card.getByTestId('card-menu');
  if ((await menuButton.count()) === 0) return names;
  await menuButton.click();
  names.push(...(await card.getByRole('menu').getByRole('menuitem').allInnerTexts()).map((n) => n.trim()));
  await menuButton.click();
  await card.getByRole('menu').waitFor({ state: 'detached' });
  return names;
}
