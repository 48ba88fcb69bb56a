import type { NotificationStore } from './store';

/** Admins to notify: those learned from UserRegistered or from their own verified tokens, plus the configured list. */
export async function adminIds(store: NotificationStore, configured: string[]): Promise<string[]> {
  const known = await store.users.find({ role: 'Admin' });
  return [...new Set([...configured, ...known.map((u) => u._id)])];
}
