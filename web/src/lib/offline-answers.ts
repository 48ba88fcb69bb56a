import { OFFLINE_ANSWER_MESSAGE, type OfflineAnswerMessage } from './offline';

type Listener = (cachedAt: string) => void;

let oldest: string | null = null;
const listeners = new Set<Listener>();

/**
 * Starts hearing the service worker say it answered from the phone. main.tsx calls it before any
 * request leaves: browse's data is asked for before the first render, and a message that arrives
 * with nobody listening is lost, so the page would say it is offline without saying how old its
 * answers are.
 */
export function listenForOfflineAnswers(): void {
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<OfflineAnswerMessage>) => {
    if (event.data?.type !== OFFLINE_ANSWER_MESSAGE) return;
    // The oldest answer on screen is the one to admit.
    if (oldest && oldest <= event.data.cachedAt) return;
    oldest = event.data.cachedAt;
    for (const listener of listeners) listener(oldest);
  });
}

/** When the oldest kept answer shown since the network was last back came from the server. */
export const oldestOfflineAnswer = (): string | null => oldest;

export function onOfflineAnswer(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The network is back: what is shown from now on is fresh. */
export function forgetOfflineAnswers(): void {
  oldest = null;
}
