import http from 'node:http';
import { SAMPLE_MOBA_ID, sampleMobaPage } from '../../test/support/sample-moba-page';
import { listen } from '@moba/platform';
import { listenTestGateway, servicesAt, webDistWith } from './fixtures/test-gateway';

/**
 * /moba/:id (and /sr-Cyrl/moba/:id, /en/moba/:id) served with the moba's facts written into the SPA
 * shell: Open Graph tags for link previews and a readable body without JavaScript, every text escaped;
 * an unknown moba is a 404 page; a vacancy service that does not answer in time leaves the shell.
 */
const SHELL =
  '<!doctype html><html lang="sr-Latn"><head><meta charset="UTF-8" />' +
  '<meta name="description" content="Moba — sezonski poslovi" /><title>Moba</title></head>' +
  '<body><div id="root"><!--app-html--><div class="skeleton">…</div><!--/app-html--></div>' +
  '<script type="module" src="/assets/app.js"></script></body></html>';

const ID = SAMPLE_MOBA_ID;
const HOSTILE_ID = '4f0c1d9e-8b7a-4c6d-9e5f-1a2b3c4d5e6f';
const MISSING_ID = '5f0c1d9e-8b7a-4c6d-9e5f-1a2b3c4d5e6f';

const hostile = sampleMobaPage({
  id: HOSTILE_ID,
  title: '</title><script>alert(1)</script>"><img src=x onerror=alert(2)> $& $1',
  description: '<b onmouseover="x()">opis</b>',
  estateName: 'Imanje "<iframe>"',
});

/** A gateway over a shell, and a vacancy service answering the pages it knows (or slowly, or never). */
async function gatewayWith(vacancy: http.RequestListener | null, publicUrl?: string) {
  const up = vacancy ? await listen(vacancy, 0) : undefined;
  const gateway = await listenTestGateway({
    serviceUrls: servicesAt(up?.url, { vacancyOnly: true }),
    webDist: webDistWith(SHELL),
    publicUrl,
  });
  return {
    url: gateway.url,
    close: async () => {
      await gateway.close();
      await up?.close();
    },
  };
}

let asked: string[] = [];
const vacancyService: http.RequestListener = (req, res) => {
  asked.push(req.url ?? '');
  const page =
    req.url === `/vacancies/${ID}`
      ? sampleMobaPage()
      : req.url === `/vacancies/${HOSTILE_ID}`
        ? hostile
        : null;
  res.writeHead(page ? 200 : 404, { 'content-type': 'application/json' });
  res.end(JSON.stringify(page ?? { error: { code: 'VACANCY.NOT_FOUND', message: 'vacancy not found' } }));
};

const metaOf = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

describe("a moba's page served with its facts (link previews, no JavaScript)", () => {
  let g: Awaited<ReturnType<typeof gatewayWith>>;
  beforeAll(async () => {
    g = await gatewayWith(vacancyService, 'https://moba.example');
  });
  afterAll(() => g.close());

  it('writes the title, Open Graph tags and a readable body in Serbian Latin', async () => {
    const res = await fetch(`${g.url}/moba/${ID}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<html lang="sr-Latn"');
    expect(html).toContain('<title>Berba malina u Arilju · Moba</title>');
    expect(metaOf(html, 'og:title')).toBe('Berba malina u Arilju');
    expect(metaOf(html, 'og:description')).toBe(
      'Dnevnica: 4.000 RSD na dan · 10.07.2026. – 20.07.2026. · Arilje',
    );
    expect(metaOf(html, 'og:url')).toBe(`https://moba.example/moba/${ID}`);
    expect(metaOf(html, 'og:type')).toBe('website');
    expect(html).toContain('data-testid="moba-preview"');
    expect(html).not.toContain('class="skeleton"');
    for (const fact of [
      'Imanje Jovanović',
      '3 od 5',
      'Malina',
      'hrana, smeštaj',
      '4.7 / 5 (12 ocena)',
      '90 %',
    ])
      expect(html).toContain(fact);
    expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
  });

  it.each([
    ['sr-Cyrl', 'Берба малина у Ариљу', 'Дневница: 4.000 RSD на дан', 'Ариље'],
    ['en', 'Berba malina u Arilju', 'Daily wage: 4.000 RSD a day', 'Raspberry'],
  ])('writes /%s/moba/:id in the script of its address', async (lng, title, wage, fact) => {
    const res = await fetch(`${g.url}/${lng}/moba/${ID}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<html lang="${lng}"`);
    expect(metaOf(html, 'og:title')).toBe(title);
    expect(metaOf(html, 'og:description')).toContain(wage);
    expect(metaOf(html, 'og:url')).toBe(`https://moba.example/${lng}/moba/${ID}`);
    expect(html).toContain(fact);
  });

  it('escapes every text of the moba: a hostile title stays text', async () => {
    const html = await (await fetch(`${g.url}/moba/${HOSTILE_ID}`)).text();
    expect(html).not.toMatch(/<script>alert|<img src=x|<iframe>|<b onmouseover/);
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x');
    expect(html).toContain('$&amp; $1');
    expect(metaOf(html, 'og:title')).toContain('&lt;script&gt;');
    // One title, one script: the page's own.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('answers an unknown or malformed moba with a readable 404 page', async () => {
    for (const path of [`/moba/${MISSING_ID}`, '/en/moba/not-a-moba']) {
      const res = await fetch(g.url + path);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('data-testid="moba-missing"');
      expect(html).toMatch(/Moba nije pronađena|Moba not found/);
    }
  });

  it('asks the vacancy service once for many readers of one moba within half a minute', async () => {
    asked = [];
    await Promise.all([1, 2, 3].map(() => fetch(`${g.url}/moba/${ID}`).then((r) => r.text())));
    await fetch(`${g.url}/en/moba/${ID}`).then((r) => r.text());
    expect(asked.filter((url) => url === `/vacancies/${ID}`).length).toBeLessThanOrEqual(1);
  });

  it('never writes meeting details, even when the service would send more than the page schema', async () => {
    const leaky: http.RequestListener = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          ...sampleMobaPage(),
          meeting: { point: 'Ispred zadruge', contactPhone: '0641234567' },
        }),
      );
    };
    const other = await gatewayWith(leaky);
    try {
      const html = await (await fetch(`${other.url}/moba/${ID}`)).text();
      expect(html).toContain('Berba malina u Arilju');
      expect(html).not.toMatch(/zadruge|0641234567/);
    } finally {
      await other.close();
    }
  });
});

describe('when the vacancy service cannot answer', () => {
  it('serves the shell as it is, within the short timeout', async () => {
    const stuck: http.RequestListener = () => undefined; // never answers
    const g = await gatewayWith(stuck);
    try {
      const started = Date.now();
      const res = await fetch(`${g.url}/moba/${ID}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('class="skeleton"');
      expect(html).toContain('<title>Moba</title>');
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await g.close();
    }
  });

  it('serves the shell when the service is down', async () => {
    const g = await gatewayWith(null);
    try {
      const res = await fetch(`${g.url}/moba/${ID}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('class="skeleton"');
    } finally {
      await g.close();
    }
  });
});
