import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from './session';
import { likelyNext, preloadRoute, whenIdle } from './route-chunks';

const SAFETY_MS = 15_000;

/** The in-app target of a click or touch on a link, or null (other origin, new tab, download). */
function internalTarget(event: Event): string | null {
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return null;
  return anchor.pathname;
}

/** Marks the document as waiting for the next page: the bar shows and `main` is busy (styles.css). */
function setWaiting(waiting: boolean) {
  const root = document.documentElement;
  if (waiting) root.dataset.navigating = 'true';
  else delete root.dataset.navigating;
  const main = document.getElementById('main');
  if (waiting) main?.setAttribute('aria-busy', 'true');
  else main?.removeAttribute('aria-busy');
}

/**
 * Every tap on a link answers at once: a bar runs along the top of the screen while the next page's
 * code downloads (the router keeps the old page until then), and `main` is marked busy. The tap
 * itself flips the mark, before React or the router do any work, so the answer never waits for a
 * render on a slow phone. A finger touching a link starts that download before the tap ends, and
 * when the browser is idle the page a reader most likely opens next is fetched too.
 */
export function NavigationProgress() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const { role } = useSession();

  useEffect(() => {
    let safety: ReturnType<typeof setTimeout> | undefined;
    const onPress = (event: Event) => {
      const to = internalTarget(event);
      if (to) preloadRoute(to);
    };
    const onClick = (event: MouseEvent) => {
      // Router links call preventDefault themselves, so that is no sign the tap goes nowhere.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const to = internalTarget(event);
      if (!to || to === window.location.pathname) return;
      setWaiting(true);
      clearTimeout(safety);
      safety = setTimeout(() => setWaiting(false), SAFETY_MS);
    };
    document.addEventListener('pointerdown', onPress, { passive: true });
    document.addEventListener('focusin', onPress);
    document.addEventListener('click', onClick, { capture: true });
    return () => {
      clearTimeout(safety);
      document.removeEventListener('pointerdown', onPress);
      document.removeEventListener('focusin', onPress);
      document.removeEventListener('click', onClick, { capture: true });
    };
  }, []);

  // The router commits the new location once the page is ready: the wait is over.
  useEffect(() => setWaiting(false), [location.key]);

  useEffect(() => {
    const next = likelyNext(location.pathname, Boolean(role));
    if (next) whenIdle(() => preloadRoute(next));
  }, [location.pathname, role]);

  return (
    <div className="nav-progress" role="progressbar" aria-label={t('loading')} data-testid="nav-pending">
      <span />
    </div>
  );
}
