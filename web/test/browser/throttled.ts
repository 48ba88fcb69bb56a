/**
 * Measures on the network issue 35 was walked on (150 ms latency, 1.6 Mbps, CPU ×4) for
 * bench/web-speed.ts, and the mobas and throttle slow-network.test.ts shares with it. Every figure is
 * timed inside the page, so the test driver's own latency does not count.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { testClient } from '@moba/platform/testing';
import { registeredUser } from '../../../test/support/product';
import { isoDay, type Product } from './helpers';

/** Three open mobas for the browse to show, posted by a new estate. */
export async function seedBrowseMobas(product: Product): Promise<void> {
  const client = testClient(product.url);
  const estate = await registeredUser(client, 'estate');
  for (const [i, place] of ['Arilje', 'Ivanjica', 'Senta'].entries()) {
    const created = await client.post(
      '/api/estates/vacancies/create',
      {
        title: `Berba malina ${i + 1} — ${place}`,
        description: 'Berba malina u zasadu, rad u smenama, alat obezbeđen, topao obrok u podne.',
        municipality: place,
        crops: ['kupina'], // no harvest months: opens whatever the month
        jobActivities: ['berba-branje'],
        startDate: isoDay(5 + i),
        endDate: isoDay(12 + i),
        numberOfWorkers: 6,
        workStartTime: '07:00',
        workEndTime: '15:00',
        hoursPerDay: 8,
        foodProvided: true,
        transportProvided: i % 2 === 0,
        accommodationProvided: false,
        groupLeadersAccepted: true,
        paymentType: 'DailyWage',
        dailyWage: 3200 + i * 100,
        sponsored: false,
      },
      estate.auth,
    );
    if (created.status !== 201) throw new Error(`vacancy: ${created.status} ${created.text}`);
  }
}

/** The network and a four times slower processor, on one page. */
export async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: 750_000 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

export interface PaintFigures {
  /** Largest contentful paint: the last entry before input. */
  lcp: number;
  /** When the first element matching the selector was in the page. */
  shown: number;
}

/**
 * One throttled load of `url` in `page`: its largest contentful paint and when `selector` first
 * showed. The observers are installed before the page's own scripts.
 */
export async function paintOf(page: Page, url: string, selector: string): Promise<PaintFigures> {
  await page.addInitScript((wanted) => {
    const w = window as unknown as { lcp?: number; shown?: number };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new MutationObserver((_, observer) => {
      if (!document.querySelector(wanted)) return;
      w.shown = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, selector);
  await throttle(page);
  await page.goto(url);
  await page.locator(selector).first().waitFor({ timeout: 30_000 });
  // A later, larger paint is reported once the next frames are drawn.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 500))));
  return page.evaluate(() => {
    const w = window as unknown as { lcp?: number; shown?: number };
    return { lcp: w.lcp ?? Infinity, shown: w.shown ?? Infinity };
  });
}

/**
 * Milliseconds from a tap on the link to the first change on screen (the pending bar or the next
 * page).
 */
export async function tapAnswer(page: Page, link: string): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { tapAt?: number; answerAt?: number };
    w.tapAt = undefined;
    w.answerAt = undefined;
    // window's capture listeners run before any of the page's own
    window.addEventListener('click', () => (w.tapAt = performance.now()), { capture: true, once: true });
    new MutationObserver((_, observer) => {
      if (w.tapAt === undefined) return;
      observer.disconnect();
      requestAnimationFrame(() => (w.answerAt = performance.now()));
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  });
  await page.locator(link).first().click();
  await page.waitForFunction(() => (window as unknown as { answerAt?: number }).answerAt !== undefined);
  return page.evaluate(() => {
    const w = window as unknown as { tapAt: number; answerAt: number };
    return w.answerAt - w.tapAt;
  });
}

/** Milliseconds from a tap on `target` to the painted frame in which `answer` (a CSS selector) is on screen. */
export async function tapShows(page: Page, target: Locator, answer: string): Promise<number> {
  await target.waitFor();
  await page.evaluate((selector) => {
    const w = window as unknown as { tapAt?: number; answerAt?: number };
    w.tapAt = undefined;
    w.answerAt = undefined;
    window.addEventListener('click', () => (w.tapAt = performance.now()), { capture: true, once: true });
    new MutationObserver((_, observer) => {
      // (Inline, no named helper: tsx would wrap one in a helper the page does not have.)
      const shown = [...document.querySelectorAll(selector)].some((e) => e.getClientRects().length > 0);
      if (w.tapAt === undefined || !shown) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => (w.answerAt = performance.now())));
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  }, answer);
  await target.click();
  await page.waitForFunction(() => (window as unknown as { answerAt?: number }).answerAt !== undefined);
  return page.evaluate(() => {
    const w = window as unknown as { tapAt: number; answerAt: number };
    return w.answerAt - w.tapAt;
  });
}

/** A signed-in worker's browse, opened cold and throttled, once its first cards show and its downloads are done. */
export async function throttledBrowse(context: BrowserContext, productUrl: string): Promise<Page> {
  const page = await context.newPage();
  await throttle(page);
  await page.goto(`${productUrl}/worker/mobas`);
  await page.getByTestId('vacancy-card').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  return page;
}
