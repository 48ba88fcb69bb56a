/** Whether the live channel is up, for the panel's "reconnecting" line. */
export type LiveStatus = 'connecting' | 'open' | 'closed';
let status: LiveStatus = 'connecting';
let everOpen = false;
const listeners = new Set<() => void>();

export function setLiveStatus(next: LiveStatus): void {
  if (next === 'open') everOpen = true;
  status = next;
  listeners.forEach((l) => l());
}
/** True only when the channel was up and has dropped (not while it first connects). */
export const isLiveDown = (): boolean => everOpen && status !== 'open';
export function subscribeLiveStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
