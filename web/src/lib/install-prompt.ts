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
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    kept = event as InstallPromptEvent;
  });
}

/** The kept offer, if the browser made one (each can be shown once: the app offers it once per phone). */
export const keptInstallPrompt = (): InstallPromptEvent | null => kept;
