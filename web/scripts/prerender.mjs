// Pre-renders the public pages to static HTML after `vite build` (client) and `vite build --ssr`
// (server entry): a reader on a slow connection sees the text before any script arrives; the
// browser then hydrates. The gateway serves dist/<route>/index.html before its history fallback.
import { readFile, writeFile, mkdir, rm } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { build } from 'vite';

const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(web, 'dist');
const ssrDir = path.join(web, '.ssr');
export const prerenderedRoutes = [
  '/',
  '/sr-Cyrl',
  '/en',
  '/privacy-policy',
  '/media',
  '/crowdfunding',
  '/harvest-calendar',
  '/harvest-calendar/sr-Cyrl',
  '/harvest-calendar/en',
];
/** The public pages' modules: their HTML preloads the page's code and its texts. */
const pageSources = {
  '/': 'src/features/public/pages/HomePage.tsx',
  '/sr-Cyrl': 'src/features/public/pages/HomePage.tsx',
  '/en': 'src/features/public/pages/HomePage.tsx',
  '/privacy-policy': 'src/features/public/pages/PrivacyPolicyPage.tsx',
  '/media': 'src/features/public/pages/MediaPage.tsx',
  '/crowdfunding': 'src/features/public/pages/CrowdfundingPage.tsx',
};
/** Routes rendered in another language than Serbian Latin: the language is the route's last part. */
const routeLanguage = (route) => /\/(sr-Cyrl|en)$/.exec(route)?.[1];

// After `vite build` index.html is the empty shell; on a re-run it is already pre-rendered and the
// shell is in spa.html (vite build empties dist, so spa.html always belongs to this build).
const slot = '<!--app-html-->';
const shellEnd = '<!--/app-html-->';
let template = await readFile(path.join(dist, 'index.html'), 'utf8');
if (!template.includes(slot))
  template = (await readFile(path.join(dist, 'spa.html'), 'utf8').catch(() => '')).replace(
    new RegExp(`${slot}[\\s\\S]*?${shellEnd}`),
    slot,
  );
if (!template.includes(slot))
  throw new Error('dist/index.html has no <!--app-html--> slot: run vite build first');
// Vite's manifest names each module's chunk and what that chunk imports.
const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const entryFile = Object.values(manifest).find((chunk) => chunk.isEntry).file;
function withImports(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is missing from the Vite manifest`);
  if (files.has(chunk.file) || chunk.file === entryFile) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) withImports(imported, files);
  return files;
}
const preloadsOf = (route) => {
  if (!pageSources[route]) return '';
  // Serbian Cyrillic is made from the Latin texts when they load (src/lib/i18n.ts).
  const texts = `src/locales/${routeLanguage(route) === 'en' ? 'en' : 'sr-Latn'}/public.json`;
  return [...withImports(texts, withImports(pageSources[route]))]
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
};

const { render, renderShell } = await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href);
// The shell, for any route that is not pre-rendered (gateways may fall back to it): the grey page.
await writeFile(
  path.join(dist, 'spa.html'),
  template.replace(slot, `${slot}${await renderShell()}${shellEnd}`),
);
// The worker's browse, the page a signed-in worker opens the app on: the shell, whose head also
// preloads the page's code, its styles and its texts (Latin; Cyrillic is made from them), so they
// download beside the entry script instead of after it has run. Its data is asked for by the entry.
const browseSources = [
  'src/features/mobas/pages/MobasPage.tsx',
  'src/features/mobas/api.ts',
  'src/locales/first-visit/sr-Latn.ts',
];
const browseFiles = new Set();
for (const source of browseSources) withImports(source, browseFiles);
const browseStyles = [...browseFiles].flatMap(
  (file) => Object.values(manifest).find((chunk) => chunk.file === file)?.css ?? [],
);
const browseHead =
  browseStyles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('') +
  [...browseFiles].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
// Its first script, built here on its own so that it is one small file that shares no chunk with
// the app (a shared chunk would make it wait for a second download): it asks for the browse's data
// before the entry script has even arrived.
const built = await build({
  configFile: false,
  root: web,
  logLevel: 'warn',
  build: {
    write: false,
    target: 'es2022',
    rolldownOptions: {
      input: path.join(web, 'src/features/mobas/browse-request-start.ts'),
      output: { format: 'iife' },
    },
  },
});
const { output } = [built].flat()[0];
if (output.length !== 1) throw new Error(`the browse request script is ${output.length} files, not one`);
const startCode = output[0].code;
const startHash = createHash('sha256').update(startCode).digest('base64url').slice(0, 8);
const startFile = `assets/browse-request-${startHash}.js`;
await writeFile(path.join(dist, startFile), startCode);
await mkdir(path.join(dist, 'worker', 'mobas'), { recursive: true });
await writeFile(
  path.join(dist, 'worker', 'mobas', 'index.html'),
  template
    // A classic script before the entry and the style sheets: it runs as soon as it is here (a
    // module script would wait for the style sheets and the end of parsing), always before the
    // entry, which then finds the request started and never asks a second time.
    .replace('<script type="module"', `<script src="/${startFile}"></script>$&`)
    .replace('</head>', `${browseHead}</head>`)
    .replace(slot, `${slot}${await renderShell()}${shellEnd}`),
);
console.log(
  `browse shell → dist/worker/mobas/index.html (${startFile}: ${startCode.length} bytes; preloads ${browseFiles.size} scripts)`,
);

for (const route of prerenderedRoutes) {
  const lng = routeLanguage(route);
  const html = await render(route, lng);
  // CSP is script-src 'self': an inline script (React's streaming runtime) would be blocked.
  if (/<script(?![^>]*\ssrc=)[^>]*>/.test(html))
    throw new Error(`pre-rendered ${route} contains an inline <script>`);
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim();
  const page = template
    .replace('<title>Moba</title>', `<title>${heading ? `${heading} · Moba` : 'Moba'}</title>`)
    .replace(/<html lang="[^"]*"/, (tag) => (lng ? `<html lang="${lng}"` : tag))
    .replace('</head>', (end) => preloadsOf(route) + end)
    .replace(
      '<div id="root"><!--app-html--></div>',
      `<div id="root" data-route="${route}"${lng ? ` data-lang="${lng}"` : ''}>${html}</div>`,
    );
  const file = route === '/' ? path.join(dist, 'index.html') : path.join(dist, route.slice(1), 'index.html');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, page);
  console.log(`prerendered ${route} → ${path.relative(web, file)} (${page.length} bytes)`);
}
await rm(ssrDir, { recursive: true, force: true });
