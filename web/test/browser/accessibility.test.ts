/**
 * axe-core, injected into every screen of the product (public, worker, estate, admin) at 360 and
 * 1280 px: no serious or critical violation may appear. Each failure names the screen, the rule
 * and the elements.
 */
import type { Page } from 'playwright-core';
import { ADMIN, mobaFields, registeredUser } from '../../../test/support/product';
import { runProductAndBrowser, visitorPages, eventually, postedMoba, isoDay } from './helpers';

jest.setTimeout(300_000);

type Session = { token: string; userId: string };

const axeSource = require.resolve('axe-core/axe.min.js');

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  targets: string[];
}

/** The serious and critical axe violations of what the page shows now. */
async function seriousViolations(page: Page, screen: string): Promise<Finding[]> {
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } })
      .axe;
    type AxeResults = {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    };
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ screen, rule: v.id, impact: v.impact, targets: v.targets }));
}

/** Opens each path (and whatever `extra` opens on it) at both widths and collects the findings. */
async function audit(
  paths: string[],
  session?: Session & { role: string },
  extra: Record<string, (page: Page) => Promise<void>> = {},
): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const width of [360, 1280]) {
    // bypassCSP: the product's script-src 'self' would refuse the injected axe script.
    const context = await run.browser.newContext({
      viewport: { width, height: width === 360 ? 780 : 900 },
      bypassCSP: true,
    });
    await context.addInitScript((s) => {
      sessionStorage.setItem('guidanceSeen', 'true');
      if (s) {
        localStorage.setItem('token', s.token);
        localStorage.setItem('userId', s.userId);
        localStorage.setItem('role', s.role);
      }
    }, session ?? null);
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(`${run.product.url}${path}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      findings.push(...(await seriousViolations(page, `${path} @${width}`)));
      const open = extra[path];
      if (open) {
        await open(page);
        findings.push(...(await seriousViolations(page, `${path} (opened) @${width}`)));
      }
    }
    await context.close();
  }
  return findings;
}

let worker: Session;
let estate: Session;
let admin: Session;
let leader: Session;
let mobaId: string;

const run = runProductAndBrowser();
beforeAll(async () => {
  const [w, e] = await Promise.all([
    registeredUser(run.client, 'worker'),
    registeredUser(run.client, 'estate'),
  ]);
  worker = w;
  estate = e;
  const login = await run.client.post('/api/login', ADMIN);
  admin = { token: login.body.token as string, userId: login.body.userId as string };
  // One open moba, so the lists and cards have something to show.
  mobaId = await postedMoba(
    run.client,
    e,
    mobaFields(isoDay(3), isoDay(10), { description: 'Berba malina u zasadu kod Arilja, alat obezbeđen.' }),
  );
  // One moba held for review (a wage below the legal minimum): the estate's note and the admin's queue.
  const held = await run.client.post(
    '/api/estates/vacancies/create',
    mobaFields(isoDay(4), isoDay(4), { title: 'Berba na čekanju', crops: [], dailyWage: 1500 }),
    e.auth,
  );
  if (held.status !== 201) throw new Error(`held vacancy create failed: ${held.status} ${held.text}`);
  leader = await registeredUser(run.client, 'worker', { groupLeader: true, groupSize: 10 });
  await eventually(
    async () =>
      (
        (await run.client.post('/api/workers/vacancies/open', {}, w.auth)).body.items as { id: string }[]
      ).some((v) => v.id === mobaId),
    'the moba open for workers',
  );
  // An application, so the admin's queue has a card to select, bulk-decide and use the keys on.
  const applied = await run.client.post('/api/applications/create', { vacancyId: mobaId }, w.auth);
  if (applied.status !== 201) throw new Error(`apply failed: ${applied.status} ${applied.text}`);
}, 180_000);

test('the audit sees a serious violation when there is one (an unnamed button, an image without text)', async () => {
  const page = await run.browser.newPage({ bypassCSP: true });
  await page.goto(`${run.product.url}/privacy-policy`);
  await page.locator('main h1').first().waitFor();
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    main.insertAdjacentHTML('beforeend', '<button type="button"></button><img src="/favicon.ico">');
  });
  const rules = (await seriousViolations(page, 'planted')).map((f) => f.rule);
  expect(rules).toEqual(expect.arrayContaining(['button-name', 'image-alt']));
  await page.close();
});

test("each language button's accessible name starts with its visible text", async () => {
  const page = await run.browser.newPage();
  await page.goto(`${run.product.url}/login`);
  for (const short of ['Lat', 'Ћир', 'EN']) {
    const button = page.getByRole('button', { name: new RegExp(`^${short} – `) });
    await button.first().waitFor(); // the app renders once the page's code and texts are in
    expect(await button.count()).toBe(1);
    expect((await button.innerText()).trim().startsWith(short)).toBe(true);
  }
  await page.close();
});

test('the public screens have no serious or critical axe violation', async () => {
  const choose = (choice: string) => async (page: Page) => {
    await page.getByTestId(choice).click();
    await page.locator('main h1').first().waitFor();
    await page.getByRole('button', { name: 'Dalje' }).click(); // with the inline errors showing
  };
  const findings = await audit([...visitorPages, '/contact', '/payment-status'], undefined, {
    '/signup': choose('choose-worker'),
    '/login': async (page) => {
      await page.locator('form button[type="submit"]').click(); // the empty form's errors
    },
  });
  expect(findings).toEqual([]);
});

const openBell = async (page: Page) => {
  const menu = page.getByRole('button', { name: 'Meni', exact: true });
  if (await menu.isVisible()) await menu.click();
  await page.getByTestId('bell').click();
  await page.getByTestId('notification-panel').waitFor();
  // the panel adds no second banner landmark
  expect(await page.getByRole('banner').count()).toBe(1);
};

test('the worker screens have no serious or critical axe violation', async () => {
  const findings = await audit(
    [
      '/worker/mobas',
      '/worker/my-mobas',
      '/worker/home',
      '/worker/ratings',
      '/worker/profile',
      '/worker/contact',
      '/worker/update-password',
      '/worker/media',
      '/worker/crowdfunding',
      '/worker/privacy-policy',
    ],
    { ...worker, role: 'Worker' },
    {
      '/worker/mobas': async (page) => {
        await page.getByTestId('vacancy-card').first().locator('button').last().click();
        await page.getByRole('dialog').waitFor();
        await page.getByTestId('report-moba').click(); // the report form inside the details
        await page.getByTestId('send-report').waitFor();
      },
      '/worker/update-password': openBell,
    },
  );
  expect(findings).toEqual([]);
});

test('the estate screens have no serious or critical axe violation', async () => {
  const findings = await audit(
    [
      '/estate/my-mobas',
      '/estate/past-mobas',
      '/estate/create-new-moba',
      '/estate/home',
      '/estate/ratings',
      '/estate/profile',
      '/estate/contact',
      '/estate/update-password',
    ],
    { ...estate, role: 'Estate' },
    { '/estate/update-password': openBell },
  );
  expect(findings).toEqual([]);
});

test("the crew screens (a leader's crew editor, an estate's roster) have no serious or critical axe violation", async () => {
  const findings = [
    ...(await audit(['/worker/profile'], { ...leader, role: 'Worker' })),
    ...(await audit([`/estate/my-mobas/${mobaId}/roster`], { ...estate, role: 'Estate' })),
  ];
  expect(findings).toEqual([]);
});

test('the admin screens (queue, review, audit, matches, users, stats) have no serious or critical axe violation', async () => {
  const findings = await audit(
    [
      '/admin/tickets',
      '/admin/mobas',
      `/admin/mobas/${mobaId}/workers`,
      '/admin/review',
      '/admin/audit',
      '/admin/users',
      '/admin/stats',
    ],
    { ...admin, role: 'Admin' },
    {
      '/admin/tickets': async (page) => {
        await page.getByTestId('worker-application').first().waitFor();
        await page.getByTestId('select-application').first().check(); // the bulk bar
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur()); // keys work outside fields
        await page.keyboard.press('?');
        await page.getByTestId('shortcut-help').waitFor();
      },
      '/admin/review': async (page) => {
        await page.getByTestId('review-item').first().waitFor(); // the held moba is there to audit
      },
      '/admin/users': async (page) => {
        await page.getByTestId('verify-estate').first().click();
        await page.getByTestId('confirm-verify').waitFor();
      },
    },
  );
  expect(findings).toEqual([]);
});
