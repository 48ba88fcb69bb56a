import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Dialog } from '../../../components/Dialog';
import { DialogActions } from '../../../components/DialogActions';

/** Asks before an action that cannot be undone from this screen (accept, reject, reactivate). */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger = false,
  busy = false,
  focusConfirm = false,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  /** Start on the confirm button (a keyboard decision: Enter confirms, Escape cancels). */
  focusConfirm?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  // The dialog re-focuses when its onClose changes: keep one stable callback.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const close = useCallback(() => closeRef.current(), []);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusConfirm) confirmRef.current?.focus();
  }, [focusConfirm]);
  return (
    <Dialog title={title} onClose={close}>
      {children}
      <DialogActions onCancel={close}>
        <button
          type="button"
          className={danger ? 'danger' : 'primary'}
          ref={confirmRef}
          disabled={busy}
          onClick={onConfirm}
          data-testid="confirm-action"
        >
          {confirmLabel}
        </button>
      </DialogActions>
    </Dialog>
  );
}
