import { useCallback, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';

/** Asks before an action that cannot be undone from this screen (accept, reject, reactivate). */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger = false,
  busy = false,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  // The dialog re-focuses when its onClose changes: keep one stable callback.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const close = useCallback(() => closeRef.current(), []);
  return (
    <Dialog title={title} onClose={close}>
      {children}
      <div className="form-actions">
        <button type="button" onClick={close}>
          {t('actions.cancel')}
        </button>
        <button
          type="button"
          className={danger ? 'danger' : 'primary'}
          disabled={busy}
          onClick={onConfirm}
          data-testid="confirm-action"
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
