import { TOAST_MS } from '@moba/contracts/limits';

/**
 * A tiny toast store: one message at a time, gone after TOAST_MS (spec §8: red 'Error' for 3 s).
 * The kind sets colour, icon and how a screen reader hears it: an error interrupts, the others wait.
 */
export type ToastKind = 'success' | 'info' | 'error';

export interface Toast {
  id: number;
  text: string;
  kind: ToastKind;
}

let current: Toast | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showToast(text: string, kind: ToastKind = 'error', ms = TOAST_MS): void {
  current = { id: nextId++, text, kind };
  clearTimeout(timer);
  timer = setTimeout(() => {
    current = null;
    emit();
  }, ms);
  emit();
}
export const currentToast = (): Toast | null => current;
export function subscribeToast(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
