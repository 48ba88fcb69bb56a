import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { shortcutKeys } from './shortcuts';

/** The list of the queue's keyboard shortcuts ("?"). */
export function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <Dialog title={t('keys.title')} onClose={onClose}>
      <dl className="shortcut-list" data-testid="shortcut-help">
        {shortcutKeys.map((key) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{t(`keys.${key === '?' ? 'help' : key}`)}</dd>
          </div>
        ))}
      </dl>
      <p className="small muted">{t('keys.safety')}</p>
      <div className="form-actions">
        <button type="button" className="primary" onClick={onClose}>
          {t('common:actions.close')}
        </button>
      </div>
    </Dialog>
  );
}
