import { useSyncExternalStore } from 'react';
import { currentToast, subscribeToast, type Toast, type ToastKind } from '../lib/toast';
import { Icon, type IconName } from './Icon';

const iconOf: Record<ToastKind, IconName> = { success: 'check', info: 'note', error: 'warning' };

/**
 * Two live regions that stay in the page, so a screen reader hears what appears in them: errors in
 * the assertive one (role=alert), success and info in the polite one (role=status).
 */
export function ToastHost() {
  const toast = useSyncExternalStore(subscribeToast, currentToast, () => null);
  const error = toast?.kind === 'error' ? toast : null;
  const calm = toast && toast.kind !== 'error' ? toast : null;
  return (
    <>
      <div role="status" className="toast-region">
        {calm && <ToastView toast={calm} />}
      </div>
      <div role="alert" className="toast-region">
        {error && <ToastView toast={error} />}
      </div>
    </>
  );
}

function ToastView({ toast }: { toast: Toast }) {
  return (
    <div key={toast.id} className={`toast ${toast.kind}`} data-testid="toast" data-kind={toast.kind}>
      <Icon name={iconOf[toast.kind]} />
      <span>{toast.text}</span>
    </div>
  );
}
