// Apart from offline.ts: import.meta.env exists only in the Vite build, and tests import offline.ts.
/** Registers the service worker once the page has loaded and the phone is idle: nothing on the first paint. */
export function registerServiceWorkerLater(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  const idle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(register, { timeout: 5000 })
      : setTimeout(register, 2000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
