import { useEffect, useRef } from 'react';

/** The queue's keyboard shortcuts (shown by "?"). */
export const shortcutKeys = ['j', 'k', 'a', 'r', 'n', 'x', '?'] as const;
export type Shortcut = 'next' | 'previous' | 'accept' | 'reject' | 'note' | 'select' | 'help';
const byKey: Record<string, Shortcut> = {
  j: 'next',
  k: 'previous',
  a: 'accept',
  r: 'reject',
  n: 'note',
  x: 'select',
  '?': 'help',
};

/**
 * Which shortcut a key press is, or null: never while the reader types in a field, never with
 * Ctrl, Alt or Meta held (the browser's own shortcuts), never a held-down key's repeats (a key held
 * on "a" must not become a second decision).
 */
export function shortcutOf(event: {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  repeat: boolean;
  target: EventTarget | null;
}): Shortcut | null {
  if (event.ctrlKey || event.altKey || event.metaKey || event.repeat) return null;
  const target = event.target as HTMLElement | null;
  const tag = target?.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target?.isContentEditable) return null;
  return byKey[event.key] ?? null;
}

/** Listens for the shortcuts while `enabled` (off while a dialog is open: its keys are its own). */
export function useShortcuts(enabled: boolean, onShortcut: (shortcut: Shortcut) => void) {
  const handler = useRef(onShortcut);
  handler.current = onShortcut;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      if (!shortcut) return;
      event.preventDefault();
      handler.current(shortcut);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
