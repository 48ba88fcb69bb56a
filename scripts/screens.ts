/// <reference lib="dom" />
/**
 * The screenshots of docs/screens/: a worker's browse and an estate's mobas at 360 and 1280 px, taken
 * from the built web app (`npm run build:web` first) on a product started in this process with a few
 * mobas. `npx tsx scripts/screens.ts before` (or `after`) writes docs/screens/<screen>-<width>-<stage>.png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
// sharp is installed for the auth service's photos; here it only makes palette PNGs.
import sharp from 'sharp';
import { mobaBody, registeredUser, startProduct } from '../test/support/product';

const stage = process.argv[2];
if (stage !== 'before' && stage !== 'after') throw new Error('usage: tsx scripts/screens.ts before|after');
const outDir = path.resolve(__dirname, '../docs/screens');
const widths = [360, 1280] as const;

type Session = { token: string; userId: string };

async function signedInPage(browser: Browser, url: string, session: Session, role: string, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width === 360 ? 780 : 900 },
    serviceWorkers: 'block',
  });
  await context.addInitScript(
    ([token, userId, r]) => {
      localStorage.setItem('token', token!);
      localStorage.setItem('userId', userId!);
      localStorage.setItem('role', r!);
      localStorage.setItem('language', 'sr-Latn');
      sessionStorage.setItem('guidanceSeen', 'true');
    },
    [session.token, session.userId, role],
  );
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** The viewport as a palette PNG, small enough to keep in the repository. */
async function save(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  const file = path.join(outDir, `${name}-${stage}.png`);
  await sharp(await page.screenshot())
    .png({ palette: true, colors: 128 })
    .toFile(file);
  console.log(file);
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const product = await startProduct({ LOG_LEVEL: 'error' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const { client } = product;
    const estate = await registeredUser(client, 'estate');
    const mobas = [
      { title: 'Berba malina', dailyWage: 4200, transportProvided: true },
      {
        title: 'Berba jabuka',
        paymentType: 'Norm',
        dailyWage: undefined,
        norm: 'gajba od 10 kg',
        normPrice: 300,
      },
      { title: 'Rezidba višanja', municipality: 'Užice', dailyWage: 3800, accommodationProvided: true },
      { title: 'Branje kupina', dailyWage: 2500 },
    ];
    for (const moba of mobas) {
      const created = await client.post(
        '/api/estates/vacancies/create',
        await mobaBody(client, moba),
        estate.auth,
      );
      if (created.status !== 201) throw new Error(`create failed: ${created.status} ${created.text}`);
    }
    const worker = await registeredUser(client, 'worker');

    for (const width of widths) {
      const browse = await signedInPage(browser, `${product.url}/worker/mobas`, worker, 'Worker', width);
      await browse.getByTestId('vacancy-card').first().waitFor();
      await save(browse, `browse-${width}`);
      if (width === 360) {
        const more = browse.getByTestId(stage === 'before' ? 'filters-toggle' : 'more-filters');
        await more.click();
        await browse.getByTestId('filters').waitFor();
        await save(browse, `browse-filters-${width}`);
      }
      await browse.context().close();

      const estatePage = await signedInPage(
        browser,
        `${product.url}/estate/my-mobas`,
        estate,
        'Estate',
        width,
      );
      await estatePage.getByTestId('estate-moba').first().waitFor();
      await save(estatePage, `estate-mobas-${width}`);
      await estatePage.context().close();
    }
  } finally {
    await browser.close();
    await product.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
