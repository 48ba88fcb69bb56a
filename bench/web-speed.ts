/// <reference lib="dom.iterable" />
/**
 * bench/web-speed: how soon a signed-in worker's browse paints on the network and phone issue 35 was
 * walked on (150 ms latency, 1.6 Mbps, CPU ×4), and how soon its taps answer, against the budgets of
 * issue 35 point 10: 2.5 s for the browse's largest paint, 100 ms for a tap.
 *
 * The whole product in this process (embedded) and Chromium. In the same run, at 360 and 1280 px:
 *   home     the pre-rendered public home, a visitor's first and second load (the reference: the
 *            least a page costs on this machine at this moment)
 *   browse   /worker/mobas signed in: the first load with nothing cached, then loads with the shell
 *            kept by the service worker (the worker who signed in on this phone comes back)
 * For each: the largest contentful paint (LCP) and, for the browse, when its first job card showed.
 * Then the taps, from the tap to the painted first answer: "Prijava" on the home (the pending bar or
 * the login page), the first "Детаљи" on a card (the dialog with the moba's title) and, at 360 px, the
 * first "Više filtera" (the filter sheet).
 * It prints the medians of BENCH_ROUNDS rounds and the ratio browse/home of the same round: the paint
 * of an emulated slow processor still depends on how busy this one is, so the absolute figures are
 * read beside the ratio, never alone.
 *
 * Run: npx tsx bench/web-speed.ts   (BENCH_ROUNDS to adjust; needs `npm run build:web` first)
 * (The browser-side measures it shares with the tap tests are typed with the DOM's iterable lists.)
 */
import type { Browser, BrowserContext } from 'playwright-core';
import {
  createWorkerSession,
  launchBrowser,
  signedInContext,
  startProduct,
  type Product,
} from '../web/test/browser/helpers';
import {
  paintOf,
  seedBrowseMobas,
  tapAnswer,
  tapShows,
  throttle,
  throttledBrowse,
  type PaintFigures,
} from '../web/test/browser/throttled';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LCP_BUDGET_MS = 2500;
const TAP_BUDGET_MS = 100;
const CARD = '[data-testid="vacancy-card"]';

type Session = Awaited<ReturnType<typeof createWorkerSession>>;

interface Round {
  homeCold: PaintFigures;
  home: PaintFigures;
  browseCold: PaintFigures;
  browse: PaintFigures;
  taps: Record<string, number>;
}

/** A first load with nothing cached, then one with what the service worker kept from it. */
async function coldThenKept(context: BrowserContext, url: string, selector: string) {
  const first = await context.newPage();
  const cold = await paintOf(first, url, selector);
  await first.evaluate(() => navigator.serviceWorker.ready);
  await first.close();
  const page = await context.newPage();
  const kept = await paintOf(page, url, selector);
  await page.close();
  await context.close();
  return { cold, kept };
}

async function round(product: Product, browser: Browser, session: Session, width: number): Promise<Round> {
  const viewport = { width, height: width < 600 ? 780 : 900 };
  const visitor = await browser.newContext({ viewport, serviceWorkers: 'allow' });
  const home = await coldThenKept(visitor, product.url, 'h1');
  const worker = await signedInContext(browser, session, { viewport, serviceWorkers: 'allow' });
  const browse = await coldThenKept(worker, `${product.url}/worker/mobas`, CARD);
  const taps = await tapsOf(product, browser, session, viewport);
  return { homeCold: home.cold, home: home.kept, browseCold: browse.cold, browse: browse.kept, taps };
}

/** Each tap once, on a page whose code is loaded and idle, then throttled. */
async function tapsOf(
  product: Product,
  browser: Browser,
  session: Session,
  viewport: { width: number; height: number },
): Promise<Record<string, number>> {
  const taps: Record<string, number> = {};
  const visitor = await browser.newContext({ viewport });
  const home = await visitor.newPage();
  await home.goto(product.url);
  await home.waitForLoadState('networkidle');
  await throttle(home);
  taps['Prijava → first answer'] = await tapAnswer(home, '.site-header a[href="/login"]');
  await visitor.close();

  const reader = await signedInContext(browser, session, { viewport });
  await reader.addInitScript(() => localStorage.setItem('language', 'sr-Cyrl'));
  const browse = await throttledBrowse(reader, product.url);
  const details = browse
    .getByTestId('vacancy-card')
    .first()
    .getByRole('button', { name: /^Детаљи/ });
  taps['first Детаљи → dialog'] = await tapShows(browse, details, '[role="dialog"] h2');
  await reader.close();

  if (viewport.width < 600) {
    const worker = await signedInContext(browser, session, { viewport });
    const page = await throttledBrowse(worker, product.url);
    taps['first Više filtera → sheet'] = await tapShows(
      page,
      page.getByTestId('more-filters'),
      '[role="dialog"] .sheet-close',
    );
    await worker.close();
  }
  return taps;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);

function report(width: number, rounds: Round[]) {
  const of = (pick: (r: Round) => number) => median(rounds.map(pick));
  const browseLcp = of((r) => r.browse.lcp);
  console.log(`\n${width} px, median of ${rounds.length} rounds`);
  console.log(`  home, first load        LCP ${ms(of((r) => r.homeCold.lcp))}`);
  console.log(`  home, shell kept        LCP ${ms(of((r) => r.home.lcp))}`);
  console.log(
    `  browse, nothing cached  LCP ${ms(of((r) => r.browseCold.lcp))}   first card ${ms(of((r) => r.browseCold.shown))}`,
  );
  console.log(`  browse, shell kept      LCP ${ms(browseLcp)}   first card ${ms(of((r) => r.browse.shown))}`);
  console.log(
    `  ratio browse/home (shell kept, same round): ${of((r) => r.browse.lcp / r.home.lcp).toFixed(2)}`,
  );
  console.log(
    `  budget: browse LCP ≤ ${LCP_BUDGET_MS} ms with the shell kept: ${browseLcp <= LCP_BUDGET_MS ? 'met' : 'MISSED'}`,
  );
  const coldCard = of((r) => r.browseCold.shown);
  console.log(
    `  budget: first card ≤ ${LCP_BUDGET_MS} ms with nothing cached: ${coldCard <= LCP_BUDGET_MS ? 'met' : 'MISSED'}`,
  );
  for (const tap of Object.keys(rounds[0]!.taps)) {
    const took = of((r) => r.taps[tap]!);
    console.log(
      `  tap: ${tap.padEnd(28)} ${ms(took)}  ${took <= TAP_BUDGET_MS ? 'met' : 'MISSED'} (≤ ${TAP_BUDGET_MS} ms)`,
    );
  }
}

async function main() {
  const [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  try {
    await seedBrowseMobas(product);
    const session = await createWorkerSession(product);
    for (const width of [360, 1280]) {
      const rounds: Round[] = [];
      for (let i = 0; i < ROUNDS; i++) rounds.push(await round(product, browser, session, width));
      report(width, rounds);
    }
  } finally {
    await browser.close();
    await product.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
