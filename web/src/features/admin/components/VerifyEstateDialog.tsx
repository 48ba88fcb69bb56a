import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VERIFICATION_NOTE_MAX, type AdminUserItem } from '@moba/contracts';
import { Dialog } from '../../../components/Dialog';
import { apiErrorInfo } from '../../../lib/api';
import { useSetEstateVerifiedMutation } from '../trust-api';

/**
 * Verify an estate after checking its BPG and PIB in the public registry by hand, or revoke it; the
 * note (what was checked, or why revoked) is required and lands in the audit log.
 */
export function VerifyEstateDialog({
  estate,
  onClose,
  onDone,
}: {
  estate: AdminUserItem;
  onClose: () => void;
  onDone: (verified: boolean) => void;
}) {
  const { t } = useTranslation(['trust', 'common', 'errors']);
  const noteId = useId();
  const verify = !estate.estateVerified;
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [save, { isLoading, error }] = useSetEstateVerifiedMutation();
  const missing = note.trim().length === 0;
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const close = useCallback(() => closeRef.current(), []);
  const code = error ? apiErrorInfo(error).code : null;
  return (
    <Dialog title={t(verify ? 'verify.title' : 'verify.revokeTitle', { name: estate.name })} onClose={close}>
      <form
        className="form"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setTouched(true);
          if (missing) return;
          const result = await save({ estateId: estate.id, verified: verify, note: note.trim() });
          if ('data' in result) onDone(verify);
        }}
      >
        <p>{t(verify ? 'verify.text' : 'verify.revokeText')}</p>
        <dl className="facts">
          <div>
            <dt>{t('verify.bpg')}</dt>
            <dd data-testid="verify-bpg">{estate.bpg ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('verify.pib')}</dt>
            <dd>{estate.pib ?? '—'}</dd>
          </div>
        </dl>
        <div className={`field${touched && missing ? ' has-error' : ''}`}>
          <label htmlFor={noteId}>{t('verify.note')}</label>
          <textarea
            id={noteId}
            rows={3}
            maxLength={VERIFICATION_NOTE_MAX}
            value={note}
            aria-invalid={touched && missing ? true : undefined}
            aria-describedby={touched && missing ? `${noteId}-error` : undefined}
            onChange={(e) => setNote(e.target.value)}
          />
          {touched && missing && (
            <p id={`${noteId}-error`} className="error" role="alert">
              {t('verify.noteRequired')}
            </p>
          )}
        </div>
        {error && (
          <p className="alert error" role="alert">
            {t('verify.error')} {code ? t(`errors:${code}`, { defaultValue: '' }) : ''}
          </p>
        )}
        <div className="form-actions">
          <button type="button" onClick={onClose}>
            {t('common:actions.cancel')}
          </button>
          <button
            type="submit"
            className={verify ? 'primary' : 'danger'}
            disabled={isLoading}
            data-testid="confirm-verify"
          >
            {t(verify ? 'verify.confirm' : 'verify.revoke')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
