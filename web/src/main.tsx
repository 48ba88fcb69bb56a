import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { App } from './app/App';
import { preloadRoute } from './app/route-chunks';
import { fetchBrowseEarly } from './features/mobas/early-browse';
import { defaultLanguage, initI18n, isSupported, storedLanguage } from './lib/i18n';
import { registerServiceWorkerLater } from './lib/register-service-worker';
import { captureInstallPrompt } from './lib/install-prompt';
import { listenForOfflineAnswers } from './lib/offline-answers';
import './styles.css';

const container = document.getElementById('root')!;
// A page pre-rendered at build time (home, media, …) is hydrated when it is the page asked for and
// the reader uses the language it was rendered in; otherwise the app renders from scratch. A page
// whose address names its language (the harvest calendar's /sr-Cyrl and /en) is read in that one.
const prerendered = container.dataset.route;
const atPrerendered = prerendered !== undefined && prerendered === window.location.pathname;
const routeLanguage =
  atPrerendered && isSupported(container.dataset.lang) ? container.dataset.lang : undefined;
const language = routeLanguage ?? storedLanguage();
const canHydrate = atPrerendered && language === (routeLanguage ?? defaultLanguage);
const i18n = initI18n(language);
document.documentElement.lang = i18n.language;
// The page's code, its texts and (for the worker's browse) its data are fetched side by side now,
// not one after the other as each lazy part renders.
listenForOfflineAnswers();
// The data first: its request leaves before the page's code requests (the slower of the two).
const dataReady = fetchBrowseEarly(window.location.pathname);
const pageReady = preloadRoute(window.location.pathname);
registerServiceWorkerLater();
captureInstallPrompt();

const tree = (
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </I18nextProvider>
  </StrictMode>
);

/** How long the first render waits for the page's own code and texts before it shows grey cards. */
const PAGE_WAIT_MS = 3000;
/**
 * Once the code is here, how much longer the first render waits for the browse's answer. It is
 * usually in already (asked for first); a little later it still saves a phone a second render of
 * the whole page (grey cards, then cards). A slow answer is not waited for: the grey cards show.
 */
const DATA_WAIT_MS = 400;
const waited = (ms: number) => new Promise((done) => setTimeout(done, ms));

if (canHydrate) {
  hydrateRoot(container, tree);
} else {
  // The shell is empty, so waiting for the page's code costs nothing on screen; rendering at once
  // would draw the grey page first and then the page, a second render that a slow phone pays for
  // with the browse's largest paint (and React holds a revealed page back 300 ms).
  container.removeAttribute('data-route');
  const codeThenData = pageReady.then(() => Promise.race([dataReady, waited(DATA_WAIT_MS)]));
  void Promise.race([codeThenData, waited(PAGE_WAIT_MS)]).then(() => createRoot(container).render(tree));
}
