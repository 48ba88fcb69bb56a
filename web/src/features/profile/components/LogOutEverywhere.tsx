import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { paths } from '../../../app/paths';
import { forgetSession } from '../../../lib/forget-session';
import { useLogoutEverywhereMutation } from '../api';
import { DialogActions } from '../../../components/DialogActions';

/** "Log out everywhere": asks first, ends every session of the account on the server, then this one here. */
export function LogOutEverywhere() {
  const { t } = useTranslation(['profile', 'common']);
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState(false);
  const [endAll, { isLoading }] = useLogoutEverywhereMutation();
  const confirm = async () => {
    try {
      await endAll().unwrap();
    } catch {
      setFailed(true);
      return;
    }
    navigate(paths.login, { replace: true });
    forgetSession();
  };
  return (
    <div className="card">
      <button type="button" data-testid="logout-everywhere" onClick={() => setAsking(true)}>
        {t('everywhere.button')}
      </button>
      {asking && (
        <Dialog title={t('everywhere.button')} onClose={() => setAsking(false)}>
          <p>{t('everywhere.question')}</p>
          {failed && <p role="alert">{t('everywhere.error')}</p>}
          <DialogActions onCancel={() => setAsking(false)}>
            <button
              type="button"
              className="primary"
              data-testid="confirm-logout-everywhere"
              disabled={isLoading}
              onClick={() => void confirm()}
            >
              {t('everywhere.confirm')}
            </button>
          </DialogActions>
        </Dialog>
      )}
    </div>
  );
}
