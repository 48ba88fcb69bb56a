// The JavaScript a browser must download before the home page is interactive: the entry script
// and every module it preloads, as named in dist/index.html. Prints gzipped sizes.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function initialJs(distDir, htmlFile = 'index.html') {
  const html = readFileSync(path.join(distDir, htmlFile), 'utf8');
  const urls = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g),
  ].map((m) => m[1]);
  const files = [...new Set(urls)].map((url) => {
    const bytes = readFileSync(path.join(distDir, url.replace(/^\//, '')));
    return { url, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  return { files, gzipTotal: files.reduce((sum, f) => sum + f.gzip, 0) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'dist');
  const { files, gzipTotal } = initialJs(dist);
  for (const f of files)
    console.log(
      `${(f.gzip / 1024).toFixed(1).padStart(7)} KB gz  ${(f.raw / 1024).toFixed(1).padStart(7)} KB  ${f.url}`,
    );
  console.log(`${(gzipTotal / 1024).toFixed(1).padStart(7)} KB gz  total initial JS of the home page`);
}
