import { useSyncExternalStore } from 'react';
import { currentToast, subscribeToast } from '../lib/toast';

export function ToastHost() {
  const toast = useSyncExternalStore(subscribeToast, currentToast, () => null);
  if (!toast) return null;
  return (
    <div key={toast.id} className={`toast ${toast.kind}`} role="alert" data-testid="toast">
      {toast.text}
    </div>
  );
}
