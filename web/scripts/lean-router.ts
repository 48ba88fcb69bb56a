import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * react-router for the browser, lighter by some 1.8 KB gzipped of a phone's first visit:
 * - its production build: the package exports only the development one, whose warnings and their
 *   texts stay in the bundle;
 * - its top-level forwardRef, createContext and memo calls marked pure, without the displayName
 *   labels (read only by React's dev tools), so what the app never uses (Form and its submit
 *   helpers) is left out.
 * The server render (scripts/prerender.mjs) loads react-router on its own: the plugin is the
 * browser build's only.
 */
export function leanRouter(): Plugin {
  const production = fileURLToPath(
    new URL('../../node_modules/react-router/dist/production/', import.meta.url),
  );
  return {
    name: 'moba:lean-router',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: `${production}index.mjs` },
          { find: /^react-router\/dom$/, replacement: `${production}dom-export.mjs` },
        ],
      },
    }),
    transform(code, id) {
      if (!id.startsWith(production)) return null;
      return code
        .replace(/= (React\d*\.(forwardRef|createContext|memo))\(/g, '= /* @__PURE__ */ $1(')
        .replace(/^\w+\.displayName = "[^"]*";$/gm, '');
    },
  };
}
