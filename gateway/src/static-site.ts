import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);

interface Asset {
  body: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  immutable: boolean;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Moba</title>
<p>The web app is not built yet. Run <code>npm run build:web</code> (npm start does it for you).</p>`;

/**
 * A pre-rendered page (or the shell of a client route) whose HTML is completed when it is served
 * (today's figures, one moba's facts). It may answer another status (404 for an unknown moba).
 */
export interface PageFill {
  paths: RegExp;
  fill(html: string, path: string, host?: string): Promise<string | { status: number; html: string }>;
}

/**
 * Serves the built SPA from memory, gzipped by the build or once at start (rural networks are slow): hashed assets
 * are cached for a year; pre-rendered pages (dist/<route>/index.html) are served as they are, and
 * every other path falls back to index.html for the client router.
 */
export function createStaticSite(dist: string, pageFills?: PageFill | PageFill[]) {
  const fills = pageFills === undefined ? [] : Array.isArray(pageFills) ? pageFills : [pageFills];
  const fillOf = (path: string) => fills.find((f) => f.paths.test(path));
  const assets = new Map<string, Asset>();
  if (existsSync(dist)) {
    for (const file of walk(dist)) {
      if (file.endsWith('.gz')) continue;
      const urlPath = '/' + relative(dist, file).split(sep).join('/');
      const body = readFileSync(file);
      const ext = extname(file);
      // The build gzips with Zopfli (web/scripts/compress.mjs), a little smaller than zlib's best.
      const gzip =
        COMPRESSIBLE.has(ext) && body.length > 512
          ? existsSync(`${file}.gz`)
            ? readFileSync(`${file}.gz`)
            : gzipSync(body, { level: 9 })
          : undefined;
      assets.set(urlPath, {
        body,
        gzip,
        type: TYPES[ext] ?? 'application/octet-stream',
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
        immutable: urlPath.startsWith('/assets/'),
      });
    }
  }
  // The home page is pre-rendered into index.html; client routes get the empty shell when the build has one.
  const fallback = assets.get('/spa.html') ?? assets.get('/index.html');

  const lookup = (path: string): Asset | undefined => {
    const clean = path.replace(/\/+$/, '') || '/';
    return assets.get(clean) ?? assets.get(`${clean === '/' ? '' : clean}/index.html`);
  };

  return {
    built: Boolean(fallback),
    serve(req: IncomingMessage, res: ServerResponse) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
      const asset = lookup(path) ?? (path.startsWith('/assets/') ? undefined : fallback);
      if (!asset) {
        if (!fallback) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(NOT_BUILT);
          return;
        }
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
        return;
      }
      const headers: Record<string, string> = {
        'content-type': asset.type,
        etag: asset.etag,
        'cache-control': asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        vary: 'accept-encoding',
      };
      const pageFill = fillOf(path);
      if (req.headers['if-none-match'] === asset.etag && !pageFill) {
        res.writeHead(304, headers).end();
        return;
      }
      const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      if (pageFill && pageFill.paths.test(path) && asset.type.startsWith('text/html')) {
        void servePage(req, res, asset, pageFill, path, acceptsGzip);
        return;
      }
      const gzip = asset.gzip && acceptsGzip;
      const body = gzip ? asset.gzip! : asset.body;
      res.writeHead(200, {
        ...headers,
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
        'content-length': String(body.length),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
  };
}

/** A page completed at serve time: never cached by the browser as final (its figures change). */
async function servePage(
  req: IncomingMessage,
  res: ServerResponse,
  asset: Asset,
  pageFill: PageFill,
  path: string,
  acceptsGzip: boolean,
) {
  let html = asset.body.toString('utf8');
  let status = 200;
  try {
    const filled = await pageFill.fill(html, path, req.headers.host);
    if (typeof filled === 'string') html = filled;
    else ({ html, status } = filled);
  } catch {
    /* the page as built */
  }
  const body = Buffer.from(html, 'utf8');
  const zipped = acceptsGzip ? gzipSync(body) : undefined;
  res.writeHead(status, {
    'content-type': asset.type,
    'cache-control': 'no-cache',
    vary: 'accept-encoding',
    ...(zipped ? { 'content-encoding': 'gzip' } : {}),
    'content-length': String((zipped ?? body).length),
  });
  res.end(req.method === 'HEAD' ? undefined : (zipped ?? body));
}
