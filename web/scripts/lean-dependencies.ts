import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const modules = fileURLToPath(new URL('../../node_modules/', import.meta.url));
const routerProduction = `${modules}react-router/dist/production/`;
const ownSyncExternalStore = fileURLToPath(new URL('../src/lib/use-sync-external-store.ts', import.meta.url));

/**
 * Dependencies as a phone needs them, some 2 KB gzipped lighter on a first visit:
 * - react-router's production build: the package exports only the development one, whose warnings
 *   and their texts stay in the bundle;
 * - react-router's top-level forwardRef, createContext and memo calls marked pure, without the
 *   displayName labels (read only by React's dev tools), so what the app never uses (Form and its
 *   submit helpers) is left out;
 * - React's own useSyncExternalStore for react-i18next, instead of the shim for React before 18.
 * The server render (scripts/prerender.mjs) loads its dependencies itself: this is the browser
 * build's only.
 */
export function leanDependencies(): Plugin {
  return {
    name: 'moba:lean-dependencies',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: `${routerProduction}index.mjs` },
          { find: /^react-router\/dom$/, replacement: `${routerProduction}dom-export.mjs` },
          { find: /^use-sync-external-store\/shim$/, replacement: ownSyncExternalStore },
        ],
      },
    }),
    transform(code, id) {
      if (!id.startsWith(routerProduction)) return null;
      return code
        .replace(/= (React\d*\.(forwardRef|createContext|memo))\(/g, '= /* @__PURE__ */ $1(')
        .replace(/^\w+\.displayName = "[^"]*";$/gm, '');
    },
  };
}
