import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { leanDependencies } from './scripts/lean-dependencies';

const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));
const contractsDir = fileURLToPath(new URL('../libs/contracts/src/', import.meta.url));

/**
 * The installable app: a web manifest and a Workbox service worker (src/sw.ts). Precached is only the
 * shell a cheap phone needs to open offline (spa.html, the entry script and styles, icons); route
 * chunks are kept as they are first used, so installing costs little mobile data.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: [],
  includeManifestIcons: false,
  injectManifest: {
    globPatterns: ['assets/*.{js,css}', 'favicon.svg', 'icons/icon-192.png', 'icons/sprite.svg'],
    // Of the hashed assets, only what the HTML loads or preloads at start (about a third of them).
    manifestTransforms: [
      async (entries) => {
        const html = await readFile(fileURLToPath(new URL('dist/index.html', import.meta.url)), 'utf8');
        const manifest = entries.filter((e) => !e.url.startsWith('assets/') || html.includes(`/${e.url}`));
        return { manifest, warnings: [] };
      },
    ],
    // The empty shell is written by scripts/prerender.mjs after this build: precached by name, a new
    // revision each build.
    additionalManifestEntries: [{ url: '/spa.html', revision: String(Date.now()) }],
  },
  manifest: {
    name: 'Moba — sezonski poslovi u polju',
    short_name: 'Moba',
    description: 'Sezonski poslovi na gazdinstvima u Srbiji i regionu.',
    lang: 'sr-Latn',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#14532d',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
});

/**
 * The small modules a signed-in first visit (sign in, then browse) shows at once: as one chunk they are
 * one request and one gzip dictionary, not a dozen files of 0.3–3 KB. Only what the first screens
 * render: what a tap loads (the notification panel, the live channel, dialogs) stays a chunk of its own.
 */
const signedInFirstScreen = [
  'app/layouts/StoreLayout',
  'features/auth/(index|api|pages/LoginPage)',
  'lib/(store|use-api-error|forget-session|names|feature-error-text)',
  'features/shell/(AppLayout|OfflineNotice|GuidanceModal)',
  'features/notifications/(index|api|live-status|NotificationBell)',
  'components/(States|VacancyFacts)',
];
const signedInModule = new RegExp(`/src/(${signedInFirstScreen.join('|')})\\.tsx?$`);
const signedInGroups = [
  {
    name: 'signed-in',
    includeDependenciesRecursively: false,
    test: (id: string) => signedInModule.test(id) || id.endsWith('/contracts/src/api/auth/login-check.ts'),
  },
];

/** The SPA: Vite compiles the shared contracts from their TypeScript source. */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), leanDependencies(), ...(isSsrBuild ? [] : [pwa])],
  resolve: {
    alias: [
      { find: /^@moba\/contracts$/, replacement: contracts },
      { find: /^@moba\/contracts\/(.*)$/, replacement: `${contractsDir}$1` },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: !!process.env.MOBA_SOURCEMAP,
    // Read by scripts/prerender.mjs: which chunks a pre-rendered page preloads.
    manifest: !isSsrBuild,
    // Phones from 2021 on: no down-levelled classes or optional chaining.
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry imports statically is loaded on every first visit: one file, not a
          // dozen small ones (each pays its own gzip frame, request and import glue).
          groups: [
            { name: 'start', tags: ['$initial'] },
            ...(isSsrBuild ? [] : signedInGroups),
            // Parts that several lazy pages share ride in a chunk those pages load anyway: each chunk
            // more is one more name in the entry's preload map, which every first visit downloads.
            // The account notices that only lead to login are a few lines each: they ride along too.
            {
              name: 'account',
              test: (id: string) =>
                /[\\/]features[\\/]auth[\\/](account-api|components[\\/]account-pages|pages[\\/](ConfirmationEmailSent|ForgotPasswordEmailSent|SuccessfulPasswordReset)Page)\.tsx?$/.test(
                  id,
                ),
              includeDependenciesRecursively: false,
            },
            {
              name: 'dialogs',
              test: (id: string) =>
                /[\\/](components[\\/]DialogActions|features[\\/]admin[\\/]components[\\/]ConfirmDialog)\.tsx$/.test(
                  id,
                ),
              includeDependenciesRecursively: false,
            },
            // The small shared components and helpers: one chunk instead of a dozen tiny ones. Their
            // own imports stay where they are, and the helpers that reach RTK Query or zod are left
            // out, so a public page that preloads this chunk still loads neither; so is the held
            // listing's note, which only the estate's and the admin's pages show, the dialogs' buttons
            // and the form parts only lazy pages use (radio group, save footer, regions, number input).
            {
              name: 'ui',
              test: (id: string) =>
                /[\\/]src[\\/](components|lib)[\\/]/.test(id) &&
                !/[\\/](api|store|use-api-error|forget-session|validation|ListingReviewNote|DialogActions|Labelled|reference|vacancy-phase|RadioGroup|SaveFooter|RegionOptions|NumberInput)\.tsx?$/.test(
                  id,
                ),
              maxModuleSize: 3000,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': { target: 'http://localhost:8080', ws: true } } },
}));
