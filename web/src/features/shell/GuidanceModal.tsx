import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { readSessionJson, writeSessionJson } from '../../lib/storage';
import { useDontShowGuidanceMutation, useMeQuery } from '../auth';

const SEEN_KEY = 'guidanceSeen';

/**
 * The first-login guidance (spec §2): asks whether to show the usage instructions; "don't show
 * again" is stored on the server (POST /users/me/dont-show-guidance). Asked once per session.
 */
export function GuidanceModal({ role }: { role: 'Worker' | 'Estate' | 'Admin' }) {
  const { t } = useTranslation(['shell', 'common']);
  const { data: me } = useMeQuery(role);
  const [dontShow] = useDontShowGuidanceMutation();
  const [seen, setSeen] = useState(() => readSessionJson<boolean>(SEEN_KEY) === true);
  const [showing, setShowing] = useState(false);
  const [dontShowAgain, setDontShowAgain] = useState(false);

  const close = useCallback(() => {
    writeSessionJson(SEEN_KEY, true);
    setSeen(true);
    if (dontShowAgain) void dontShow();
  }, [dontShowAgain, dontShow]);

  if (seen || !me || me.dontShowGuidance) return null;
  return (
    <Dialog title={t('guidance.title')} onClose={close}>
      <div data-testid="guidance-modal">
        {showing ? (
          <p style={{ whiteSpace: 'pre-line' }}>{t(`guidance.${role}`)}</p>
        ) : (
          <p>{t('guidance.question')}</p>
        )}
        <label className="check">
          <input
            type="checkbox"
            checked={dontShowAgain}
            data-testid="dont-show-again"
            onChange={(e) => setDontShowAgain(e.target.checked)}
          />
          {t('guidance.dontShowAgain')}
        </label>
        <div className="form-actions">
          {showing ? (
            <button type="button" className="primary" onClick={close}>
              {t('guidance.done')}
            </button>
          ) : (
            <>
              <button type="button" onClick={close}>
                {t('guidance.skip')}
              </button>
              <button type="button" className="primary" onClick={() => setShowing(true)}>
                {t('guidance.show')}
              </button>
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}
