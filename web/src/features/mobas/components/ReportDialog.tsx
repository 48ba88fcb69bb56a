import { useCallback, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REPORT_TEXT_MAX, reportReasons, reportVacancySchema } from '@moba/contracts';
import { ChoiceGroup } from '../../../components/ChoiceGroup';
import { Dialog } from '../../../components/Dialog';
import { FormAlert, useIssueText } from '../../../components/Field';
import { apiErrorInfo } from '../../../lib/api';
import { useApiErrorText } from '../../../lib/use-api-error';
import { codedResolver, setServerFieldErrors } from '../../../lib/validation';
import { useReportVacancyMutation } from '../report-api';
import { Labelled, OptionalLabel } from '../../../components/Labelled';

/** A worker reports a moba: a reason from the list and what happened; once per moba. */
export function ReportDialog({ vacancyId, onClose }: { vacancyId: string; onClose: () => void }) {
  const { t } = useTranslation(['trust', 'common', 'errors']);
  const issueText = useIssueText('trust');
  const errorText = useApiErrorText();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: codedResolver(reportVacancySchema),
    defaultValues: { text: '' },
  });
  const [report, { isLoading, isSuccess, error }] = useReportVacancyMutation();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const close = useCallback(() => closeRef.current(), []);
  const reasonError = issueText(formState.errors.reason?.message, 'reason');

  const onSubmit = handleSubmit(async (body) => {
    const result = await report({ vacancyId, body });
    if ('error' in result)
      setServerFieldErrors(apiErrorInfo(result.error).fields, ['reason', 'text'], setError);
  });

  return (
    <Dialog title={t('report.title')} onClose={close}>
      {isSuccess ? (
        <div className="stack">
          <p className="alert success" role="status" data-testid="report-sent">
            {t('report.sent')}
          </p>
          <button type="button" className="primary block" onClick={onClose}>
            {t('common:actions.close', { defaultValue: 'OK' })}
          </button>
        </div>
      ) : (
        <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <ChoiceGroup className="promise-checklist" legend={t('report.reason')} error={reasonError}>
            {reportReasons.map((r) => (
              <label key={r} className="check">
                <input type="radio" value={r} {...register('reason')} />
                {t(`report.reasons.${r}`)}
              </label>
            ))}
          </ChoiceGroup>
          <Labelled
            label={<OptionalLabel>{t('report.text')}</OptionalLabel>}
            error={issueText(formState.errors.text?.message)}
          >
            {(c) => <textarea {...c} rows={3} maxLength={REPORT_TEXT_MAX} {...register('text')} />}
          </Labelled>
          <FormAlert>{errorText(error, 'trust:report.error')}</FormAlert>
          <button type="submit" className="danger block" disabled={isLoading} data-testid="send-report">
            {t('report.send')}
          </button>
        </form>
      )}
    </Dialog>
  );
}
