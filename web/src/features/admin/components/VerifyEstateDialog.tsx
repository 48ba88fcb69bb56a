import { useCallback, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { estateVerificationSchema, VERIFICATION_NOTE_MAX, type AdminUserItem } from '@moba/contracts';
import { Dialog } from '../../../components/Dialog';
import { FormAlert, useIssueText } from '../../../components/Field';
import { apiErrorInfo } from '../../../lib/api';
import { useApiErrorText } from '../../../lib/use-api-error';
import { codedResolver, setServerFieldErrors } from '../../../lib/validation';
import { Labelled } from '../../../components/Labelled';
import { useSetEstateVerifiedMutation } from '../trust-api';
import { DialogActions } from '../../../components/DialogActions';

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
  const issueText = useIssueText('trust');
  const errorText = useApiErrorText();
  const verify = !estate.estateVerified;
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: codedResolver(estateVerificationSchema),
    defaultValues: { note: '' },
  });
  const [save, { isLoading, error }] = useSetEstateVerifiedMutation();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const close = useCallback(() => closeRef.current(), []);

  const onSubmit = handleSubmit(async ({ note }) => {
    const result = await save({ estateId: estate.id, verified: verify, note });
    if ('data' in result) onDone(verify);
    else setServerFieldErrors(apiErrorInfo(result.error).fields, ['note'], setError);
  });

  return (
    <Dialog title={t(verify ? 'verify.title' : 'verify.revokeTitle', { name: estate.name })} onClose={close}>
      <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
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
        <Labelled label={t('verify.note')} error={issueText(formState.errors.note?.message, 'note')}>
          {(c) => <textarea {...c} rows={3} maxLength={VERIFICATION_NOTE_MAX} {...register('note')} />}
        </Labelled>
        <FormAlert>{errorText(error, 'trust:verify.error')}</FormAlert>
        <DialogActions onCancel={onClose}>
          <button
            type="submit"
            className={verify ? 'primary' : 'danger'}
            disabled={isLoading}
            data-testid="confirm-verify"
          >
            {t(verify ? 'verify.confirm' : 'verify.revoke')}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
