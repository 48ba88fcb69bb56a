import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RELEASE_NOTE_MAX } from '@moba/contracts';
import type { z } from 'zod';
import { ChoiceGroup } from '../../../components/ChoiceGroup';
import { Dialog } from '../../../components/Dialog';
import { FormAlert, useIssueText } from '../../../components/Field';
import { Labelled, OptionalLabel } from '../../../components/Labelled';
import { apiErrorInfo } from '../../../lib/api';
import { useApiErrorText } from '../../../lib/use-api-error';
import { codedResolver, setServerFieldErrors } from '../../../lib/validation';

type ReleaseBody = { reason: string; note?: string };

/**
 * A reason from a short list and an optional note, checked with the route's own schema; a warning
 * when the release is late. Used by the worker's "Otkaži" and the estate's "Ukloni".
 */
export function ReleaseDialog({
  title,
  schema,
  reasons,
  reasonLabel,
  reasonText,
  warning,
  submitLabel,
  busy,
  error,
  onSubmit,
  onClose,
  testId,
}: {
  title: string;
  schema: z.ZodType<ReleaseBody, ReleaseBody>;
  reasons: readonly string[];
  reasonLabel: string;
  reasonText: (reason: string) => string;
  warning: { text: string; late: boolean };
  submitLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: (body: ReleaseBody) => Promise<{ error?: unknown } | object>;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation(['day-of-work', 'common']);
  const issueText = useIssueText('day-of-work');
  const errorText = useApiErrorText();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: codedResolver(schema),
    defaultValues: { note: '' },
  });
  const reasonError = issueText(formState.errors.reason?.message, 'reason');
  const submit = handleSubmit(async (body) => {
    const result = await onSubmit(body);
    if ('error' in result && result.error)
      setServerFieldErrors(apiErrorInfo(result.error).fields, ['reason', 'note'], setError);
  });
  return (
    <Dialog title={title} onClose={onClose}>
      <form className="form" noValidate onSubmit={(e) => void submit(e)} data-testid={testId}>
        <p className={warning.late ? 'alert error' : 'muted'} role={warning.late ? 'alert' : undefined}>
          {warning.text}
        </p>
        <ChoiceGroup className="promise-checklist" legend={reasonLabel} error={reasonError}>
          {reasons.map((r) => (
            <label key={r} className="check">
              <input type="radio" value={r} {...register('reason')} data-testid={`reason-${r}`} />
              {reasonText(r)}
            </label>
          ))}
        </ChoiceGroup>
        <Labelled
          label={<OptionalLabel>{t('standby.note')}</OptionalLabel>}
          error={issueText(formState.errors.note?.message)}
        >
          {(c) => <textarea {...c} rows={2} maxLength={RELEASE_NOTE_MAX} {...register('note')} />}
        </Labelled>
        <FormAlert>{errorText(error, 'day-of-work:standby.error')}</FormAlert>
        <div className="form-actions">
          <button type="button" onClick={onClose}>
            {t('standby.back')}
          </button>
          <button type="submit" className="danger" disabled={busy} data-testid={`${testId}-submit`}>
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
