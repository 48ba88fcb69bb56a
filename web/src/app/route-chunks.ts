import i18next from 'i18next';
import { mobaAddress } from './paths';

/**
 * A loader whose module, once downloaded, is handed over in the same call (a thenable that answers
 * at once, not a promise that answers on the next microtask). lazy() then renders a page whose code
 * is already here in the same pass, instead of suspending, committing the grey page and retrying
 * in slices, a second render that React also holds back 300 ms.
 */
function keptOnceLoaded<M>(load: () => Promise<M>): () => Promise<M> {
  let loaded: { module: M } | undefined;
  return () => {
    if (!loaded) return load().then((module) => (loaded = { module }).module);
    const { module } = loaded;
    // lazy() and Promise.all only call then(); lazy() reads the module when the callback runs.
    const answered: PromiseLike<M> = {
      then: (onLoaded, onFailed) => {
        try {
          return Promise.resolve(onLoaded ? onLoaded(module) : (module as never));
        } catch (error) {
          return onFailed ? Promise.resolve(onFailed(error)) : Promise.reject(error as Error);
        }
      },
    };
    return answered as Promise<M>;
  };
}

/**
 * The code-split parts of the app that the likely next pages need, in one place: routes.tsx makes
 * its lazy() pages from these loaders, and the same loaders are called ahead of time (on start, on
 * a finger touching a link, when the browser is idle) so a tap does not wait for a download.
 * import() is cached by the browser, so an early call and the lazy() call share one download.
 */
const loaders = {
  home: () => import('../features/public/pages/HomePage'),
  privacyPolicy: () => import('../features/public/pages/PrivacyPolicyPage'),
  media: () => import('../features/public/pages/MediaPage'),
  crowdfunding: () => import('../features/public/pages/CrowdfundingPage'),
  storeLayout: () => import('./layouts/StoreLayout'),
  appLayout: () => import('../features/shell/AppLayout'),
  login: () => import('../features/auth/pages/LoginPage'),
  signup: () => import('../features/registration/pages/SignupPage'),
  guest: () => import('../features/guest/pages/GuestRegistrationPage'),
  workerMobas: () => import('../features/mobas/pages/MobasPage'),
  estateMyMobas: () => import('../features/my-mobas/pages/EstateMyMobasPage'),
  adminTickets: () => import('../features/admin/pages/TicketsPage'),
  mobaPage: () => import('../features/day-of-work/page/MobaPage'),
};

export const chunks = Object.fromEntries(
  Object.entries(loaders).map(([name, load]) => [name, keptOnceLoaded(load as () => Promise<unknown>)]),
) as typeof loaders;

type ChunkName = keyof typeof loaders;

interface Preload {
  chunks: ChunkName[];
  namespaces: string[];
}

const signedIn = ['shell'];

/** What the pages a reader most often opens first need before they can show anything: layout, page, texts. */
const routePreloads: Record<string, Preload> = {
  '/': { chunks: ['home'], namespaces: ['public'] },
  '/sr-Cyrl': { chunks: ['home'], namespaces: ['public'] },
  '/en': { chunks: ['home'], namespaces: ['public'] },
  '/privacy-policy': { chunks: ['privacyPolicy'], namespaces: ['public'] },
  '/media': { chunks: ['media'], namespaces: ['public'] },
  '/crowdfunding': { chunks: ['crowdfunding'], namespaces: ['public'] },
  '/login': { chunks: ['storeLayout', 'login'], namespaces: ['auth'] },
  '/signup': { chunks: ['storeLayout', 'signup'], namespaces: ['registration'] },
  '/guest-registration': { chunks: ['storeLayout', 'guest'], namespaces: [] },
  '/worker/mobas': {
    chunks: ['appLayout', 'workerMobas'],
    namespaces: [...signedIn, 'mobas', 'find', 'work'],
  },
  '/estate/my-mobas': { chunks: ['appLayout', 'estateMyMobas'], namespaces: [...signedIn, 'my-mobas'] },
  '/admin/tickets': {
    chunks: ['appLayout', 'adminTickets'],
    namespaces: [...signedIn, 'admin', 'crew', 'day-of-work'],
  },
  '/moba': { chunks: ['storeLayout', 'mobaPage'], namespaces: ['day-of-work', 'mobas'] },
};
const roleLanding: Record<string, string> = {
  '/worker': '/worker/mobas',
  '/estate': '/estate/my-mobas',
  '/admin': '/admin/tickets',
};
const publicInRole = /\/(home|media|crowdfunding|privacy-policy)$/;

function preloadOf(pathname: string): Preload | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const known = routePreloads[roleLanding[path] ?? path.replace(mobaAddress, '/moba')];
  if (known) return known;
  if (/^\/(worker|estate|admin)\//.test(path) && !publicInRole.test(path))
    return { chunks: ['appLayout'], namespaces: signedIn };
  return null;
}

const started = new Map<string, Promise<void>>();

/**
 * Starts downloading what `pathname` needs, once per path; resolves when it is all here. Failures
 * are ignored here: the real navigation loads the same chunk again and shows its own error.
 */
export function preloadRoute(pathname: string): Promise<void> {
  const path = pathname.split(/[?#]/)[0] ?? '/';
  const plan = preloadOf(path);
  if (!plan) return Promise.resolve();
  let loading = started.get(path);
  if (!loading) {
    const texts =
      plan.namespaces.length && i18next.isInitialized ? i18next.loadNamespaces(plan.namespaces) : null;
    loading = Promise.all([...plan.chunks.map((name) => chunks[name]()), texts]).then(
      () => undefined,
      () => void started.delete(path),
    );
    started.set(path, loading);
  }
  return loading;
}

/** The page a visitor most likely opens next from `pathname`, fetched when the browser is idle. */
export function likelyNext(pathname: string, signedIn: boolean): string | null {
  if (signedIn) return null;
  if (pathname === '/login') return '/worker/mobas';
  return '/login';
}

export function whenIdle(task: () => void): void {
  if (typeof window === 'undefined') return;
  const idle = (window as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => void })
    .requestIdleCallback;
  if (idle) idle(task, { timeout: 3000 });
  else setTimeout(task, 1500);
}
