/**
 * The browser's own offer to install Moba (Chrome's `beforeinstallprompt`). It fires early, once per
 * page load, so it is caught at start and kept until the app offers the install at a good moment
 * (after a successful application); the browser's own mini-bar is held back until then.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
}

let kept: InstallPromptEvent | null = null;

export function captureInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    kept = event as InstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => (kept = null));
}

/** The kept offer, handed out once (the browser lets each be shown only once). */
export function takeInstallPrompt(): InstallPromptEvent | null {
  const event = kept;
  kept = null;
  return event;
}

export const hasInstallPrompt = (): boolean => kept !== null;
