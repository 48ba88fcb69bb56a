import { baseApi } from './api';
import { clearSession } from './storage';
import { store } from './store';

/** The device forgets the session: token and cached answers go (after a logout on the server). */
export function forgetSession(): void {
  clearSession();
  store.dispatch(baseApi.util.resetApiState());
}

/** Waits for a server call at most this long: a slow network must not keep anyone logged in here. */
export const atMost = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise.then(() => undefined).catch(() => undefined),
    new Promise<void>((r) => setTimeout(r, ms)),
  ]);
