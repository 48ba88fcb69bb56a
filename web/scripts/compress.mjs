// Gzips the built files once, with Zopfli: the same gzip format every browser reads, some 3-4 %
// smaller than zlib's best level, which on a rural connection is worth the build's extra seconds.
// The gateway serves <file>.gz where it exists (gateway/src/static-site.ts); what it cannot find
// it gzips itself at start.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipAsync } from '@gfx/zopfli';

const dist = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'dist');
/** Only what the gateway would gzip: text, and not so small that gzip does not pay. */
const COMPRESSIBLE = /\.(html|js|css|json|svg|txt|webmanifest)$/;
const MIN_BYTES = 512;

const files = (await readdir(dist, { recursive: true })).filter((name) => COMPRESSIBLE.test(name));
let before = 0;
let after = 0;
for (const name of files) {
  const file = path.join(dist, name);
  const body = await readFile(file);
  if (body.length <= MIN_BYTES) continue;
  const gzip = await gzipAsync(body, { numiterations: 1 });
  await writeFile(`${file}.gz`, gzip);
  before += body.length;
  after += gzip.length;
}
console.log(`zopfli: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB gzipped`);
