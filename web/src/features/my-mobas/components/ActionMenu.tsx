import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';

/** One thing to do with a moba: a page to go to or a button's action. */
export interface CardAction {
  id: string;
  label: string;
  to?: string;
  onClick?: () => void;
  testId?: string;
  danger?: boolean;
  disabled?: boolean;
}

/**
 * A card's other actions behind one "⋯" button (the WAI-ARIA menu button): arrows, Home and End walk
 * the items, Escape closes and gives the focus back, a tap outside closes. Dangerous items (delete)
 * come last, after a rule, never beside the everyday ones.
 */
export function ActionMenu({ actions, label }: { actions: CardAction[]; label: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const everyday = actions.filter((a) => !a.danger);
  const dangerous = actions.filter((a) => a.danger);

  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onOutside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onOutside);
    return () => document.removeEventListener('pointerdown', onOutside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab') setOpen(false);
    else if (e.key in moves) {
      e.preventDefault();
      all[moves[e.key]!]?.focus();
    }
  };
  const item = (action: CardAction) => (
    <li role="none" key={action.id}>
      {action.to ? (
        <Link role="menuitem" tabIndex={-1} to={action.to} data-testid={action.testId}>
          {action.label}
        </Link>
      ) : (
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={action.danger ? 'danger-text' : undefined}
          disabled={action.disabled}
          data-testid={action.testId}
          onClick={() => {
            setOpen(false);
            action.onClick?.();
          }}
        >
          {action.label}
        </button>
      )}
    </li>
  );

  return (
    <div className="action-menu" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        title={label}
        onClick={() => setOpen((o) => !o)}
        data-testid="card-menu"
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul className="menu" role="menu" id={menuId} aria-label={label}>
          {everyday.map(item)}
          {dangerous.length > 0 && everyday.length > 0 && <li role="separator" />}
          {dangerous.map(item)}
        </ul>
      )}
    </div>
  );
}
