import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The buttons that end a dialog or an editor: cancel first, then the action it asks for (`children`). */
export function DialogActions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="form-actions">
      <button type="button" onClick={onCancel}>
        {t('actions.cancel')}
      </button>
      {children}
    </div>
  );
}
