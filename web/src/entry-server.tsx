import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { App } from './app/App';
import { PageSkeleton } from './components/PageSkeleton';
import { defaultLanguage, initI18n, type UiLanguage } from './lib/i18n';

/**
 * Renders one public route to HTML at build time (see scripts/prerender.mjs), in Serbian Latin or in
 * the language a route is pre-rendered in (the harvest calendar's /sr-Cyrl and /en pages).
 */
export async function render(url: string, lng: UiLanguage = defaultLanguage): Promise<string> {
  const i18n = initI18n(defaultLanguage);
  await i18n.changeLanguage(lng);
  return toHtml(
    <I18nextProvider i18n={i18n}>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </I18nextProvider>,
  );
}

/**
 * The grey page of the shell every other route starts from (spa.html): it shows while the page's
 * code arrives, and the first render replaces it with the page itself.
 */
export async function renderShell(): Promise<string> {
  const i18n = initI18n(defaultLanguage);
  await i18n.changeLanguage(defaultLanguage);
  return toHtml(
    <I18nextProvider i18n={i18n}>
      <PageSkeleton />
    </I18nextProvider>,
  );
}

async function toHtml(tree: React.ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    tree,
    // Never outline a large Suspense boundary into a <template> completed by an inline script: the
    // gateway's CSP (script-src 'self') blocks inline scripts, so the page would stay empty until the
    // bundle hydrates. React outlines boundaries above 12,800 bytes by default; the home page is bigger.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
