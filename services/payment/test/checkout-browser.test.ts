import { existsSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { startPayment, type PaymentHarness } from './helpers';

/**
 * The sandbox checkout page in a real Chromium at phone width: its Content-Security-Policy lets its
 * own inline style apply and its form post, and the 303 lands on the SPA (another origin here).
 */
const CHROMIUM = '/usr/bin/chromium';
const run = existsSync(CHROMIUM) ? describe : describe.skip;
/** Browser globals inside page functions (serialised, so no closures; this project type-checks without the DOM lib). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Win = any;

run('checkout page in a browser', () => {
  let browser: Browser;
  let spa: http.Server;
  let spaUrl: string;
  let h: PaymentHarness;

  beforeAll(async () => {
    spa = http.createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>SPA</title>SPA'),
    );
    await new Promise<void>((resolve) => spa.listen(0, '127.0.0.1', resolve));
    spaUrl = `http://127.0.0.1:${(spa.address() as AddressInfo).port}`;
    h = await startPayment({ env: { PUBLIC_URL: spaUrl } });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await h?.stop();
    await new Promise((resolve) => spa?.close(resolve));
  });

  test.each([
    ['Pay', '/payment/donation/success?paymentId=', 'succeeded'],
    ['Cancel', '/payment-status?status=cancelled&paymentId=', 'cancelled'],
  ])(
    'at 360 px the page is styled, pressing %s posts and lands on the SPA at %s…',
    async (button, target, status) => {
      const checkoutUrl = (await h.create({ purpose: 'donation', amount: 1500, method: 'card' }))
        .text as string;
      const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
      });
      await page.goto(`${h.client.url}${new URL(checkoutUrl).pathname.replace(/^\/api/, '')}`);
      await page.waitForSelector('button.pay');
      expect(await page.textContent('.amount')).toBe('1.500 RSD');
      // The nonce'd inline style applied: the Pay button is green and a comfortable touch target.
      const pay = await page.$eval('button.pay', (el) => ({
        background: (globalThis as Win).getComputedStyle(el).backgroundColor as string,
        height: (el as unknown as { getBoundingClientRect(): { height: number } }).getBoundingClientRect()
          .height,
      }));
      expect(pay.background).toBe('rgb(29, 107, 42)');
      expect(pay.height).toBeGreaterThanOrEqual(44);
      expect(
        await page.evaluate(() => (globalThis as Win).document.documentElement.scrollWidth as number),
      ).toBeLessThanOrEqual(360);
      mkdirSync('test-output/payment', { recursive: true });
      await page.screenshot({ path: `test-output/payment/checkout-360-${status}.png`, fullPage: true });

      await Promise.all([page.waitForURL(`${spaUrl}/**`), page.click(`button:has-text("${button}")`)]);
      expect(page.url().startsWith(`${spaUrl}${target}`)).toBe(true);
      const paymentId = new URL(page.url()).searchParams.get('paymentId');
      expect((await h.client.get(`/payment/status/${paymentId}`)).body.status).toBe(status);
      expect(violations).toEqual([]);
      await page.close();
    },
  );
});
