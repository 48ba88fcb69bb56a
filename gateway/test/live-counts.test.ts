import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listen } from '@moba/platform';
import { listenTestGateway, servicesAt, webDistWith } from './fixtures/test-gateway';

const page = (lang: string) =>
  `<!doctype html><html lang="${lang}"><div id="root"><h1>Kalendar berbe</h1>` +
  '<a href="/worker/mobas?crop=malina">Otvorene mobe: <span data-open-count="malina">–</span></a>' +
  '<a href="/worker/mobas?crop=psenica">Otvorene mobe: <span data-open-count="psenica">–</span></a></div>';

/** A gateway over a built site with the three calendar pages, and a vacancy service answering counts or not at all. */
async function gatewayWith(vacancy: http.RequestListener | null) {
  const up = vacancy ? await listen(vacancy, 0) : undefined;
  const dist = webDistWith();
  mkdirSync(join(dist, 'harvest-calendar', 'en'), { recursive: true });
  mkdirSync(join(dist, 'harvest-calendar', 'sr-Cyrl'), { recursive: true });
  writeFileSync(join(dist, 'harvest-calendar', 'index.html'), page('sr-Latn'));
  writeFileSync(join(dist, 'harvest-calendar', 'en', 'index.html'), page('en'));
  writeFileSync(join(dist, 'harvest-calendar', 'sr-Cyrl', 'index.html'), page('sr-Cyrl'));
  const gateway = await listenTestGateway({
    serviceUrls: servicesAt(up?.url, { vacancyOnly: true }),
    webDist: dist,
  });
  return {
    url: gateway.url,
    close: async () => {
      await gateway.close();
      await up?.close();
    },
  };
}

describe('the harvest calendar served with today’s counts (readable without JavaScript)', () => {
  let asked = 0;
  const counts: http.RequestListener = (req, res) => {
    asked++;
    expect(req.url).toBe('/vacancies/open-by-crop');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ crops: { malina: 4 } }));
  };

  it.each(['/harvest-calendar', '/harvest-calendar/', '/harvest-calendar/sr-Cyrl', '/harvest-calendar/en'])(
    'writes the open mobas per crop into %s, a crop without any as 0',
    async (path) => {
      const g = await gatewayWith(counts);
      try {
        const res = await fetch(g.url + path, { headers: { 'accept-encoding': 'gzip' } });
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        const html = await res.text();
        expect(html).toContain('<span data-open-count="malina">4</span>');
        expect(html).toContain('<span data-open-count="psenica">0</span>');
        expect(html).toContain('Kalendar berbe');
      } finally {
        await g.close();
      }
    },
  );

  it('asks the vacancy service once for many readers within half a minute', async () => {
    const g = await gatewayWith(counts);
    try {
      asked = 0;
      await Promise.all([1, 2, 3, 4].map(() => fetch(`${g.url}/harvest-calendar`).then((r) => r.text())));
      await fetch(`${g.url}/harvest-calendar/en`).then((r) => r.text());
      expect(asked).toBe(1);
    } finally {
      await g.close();
    }
  });

  it('keeps the dashes when the vacancy service cannot answer, and still serves the page', async () => {
    const g = await gatewayWith(null);
    try {
      const res = await fetch(`${g.url}/harvest-calendar`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<span data-open-count="malina">–</span>');
    } finally {
      await g.close();
    }
  });

  it('leaves other pages as built', async () => {
    const g = await gatewayWith(counts);
    try {
      asked = 0;
      expect(await (await fetch(g.url)).text()).toContain('home');
      expect(asked).toBe(0);
    } finally {
      await g.close();
    }
  });
});
