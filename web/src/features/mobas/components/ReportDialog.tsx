import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_TEXT_MAX, reportReasons, type ReportReason } from '@moba/contracts';
import { Dialog } from '../../../components/Dialog';
import { apiErrorInfo } from '../../../lib/api';
import { useReportVacancyMutation } from '../report-api';

/** A worker reports a moba: a reason from the list and what happened; once per moba. */
export function ReportDialog({ vacancyId, onClose }: { vacancyId: string; onClose: () => void }) {
  const { t } = useTranslation(['trust', 'common', 'errors']);
  const textId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [report, { isLoading, isSuccess, error }] = useReportVacancyMutation();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const close = useCallback(() => closeRef.current(), []);
  const code = error ? apiErrorInfo(error).code : null;
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
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (reason)
              void report({ vacancyId, body: { reason, ...(text.trim() ? { text: text.trim() } : {}) } });
          }}
        >
          <fieldset className="promise-checklist">
            <legend>{t('report.reason')}</legend>
            {reportReasons.map((r) => (
              <label key={r} className="check">
                <input
                  type="radio"
                  name="report-reason"
                  checked={reason === r}
                  onChange={() => setReason(r)}
                />
                {t(`report.reasons.${r}`)}
              </label>
            ))}
            {touched && !reason && (
              <p className="error" role="alert">
                {t('report.reasonRequired')}
              </p>
            )}
          </fieldset>
          <div className="field">
            <label htmlFor={textId}>
              {t('report.text')} <span className="muted">{t('common:optional')}</span>
            </label>
            <textarea
              id={textId}
              rows={3}
              maxLength={REPORT_TEXT_MAX}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          {error && (
            <p className="alert error" role="alert">
              {code ? t(`errors:${code}`) : t('report.error')}
            </p>
          )}
          <button type="submit" className="danger block" disabled={isLoading} data-testid="send-report">
            {t('report.send')}
          </button>
        </form>
      )}
    </Dialog>
  );
}
