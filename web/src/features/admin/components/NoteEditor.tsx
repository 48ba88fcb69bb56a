import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { updateNoteRequestSchema } from '@moba/contracts';
import { NOTE_MAX } from '@moba/contracts/limits';
import { codedResolver } from '../../../lib/validation';
import { useUpdateNoteMutation } from '../api';
import { AdminError } from './AdminError';
import { DialogActions } from '../../../components/DialogActions';

/** The admin's note on an application or guest application: shown, edited in place, saved. */
export function NoteEditor({ id, note, guest }: { id: string; note: string | null; guest: boolean }) {
  const { t } = useTranslation(['admin', 'common']);
  const fieldId = useId();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [update, { isLoading, error, reset }] = useUpdateNoteMutation();
  const form = useForm<{ note: string }>({
    resolver: codedResolver(updateNoteRequestSchema),
    defaultValues: { note: note ?? '' },
  });
  const draft = form.watch('note') ?? '';
  const shown = saved ?? note ?? '';
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await update({ id, note: values.note, guest });
    if ('data' in result) {
      setSaved(values.note);
      setEditing(false);
    }
  });

  if (!editing) {
    return (
      <div className="note">
        <p>
          <strong>{t('note.label')}:</strong>{' '}
          <span data-testid="note-text">{shown || <span className="muted">{t('note.empty')}</span>}</span>
        </p>
        {saved !== null && (
          <p className="small success-text" role="status">
            {t('note.saved')}
          </p>
        )}
        <button
          type="button"
          className="secondary small"
          onClick={() => {
            form.reset({ note: shown });
            reset();
            setEditing(true);
          }}
        >
          {t('note.edit')}
        </button>
      </div>
    );
  }

  return (
    <form className="note form" onSubmit={(e) => void onSubmit(e)}>
      <div className="field">
        <label htmlFor={fieldId}>{t('note.label')}</label>
        <textarea
          id={fieldId}
          rows={3}
          maxLength={NOTE_MAX}
          aria-describedby={`${fieldId}-hint`}
          {...form.register('note')}
        />
        <p id={`${fieldId}-hint`} className="hint">
          {t('note.hint', { count: draft.length, max: NOTE_MAX })}
        </p>
      </div>
      <AdminError action="note" error={error} />
      <DialogActions onCancel={() => setEditing(false)}>
        <button type="submit" className="primary" disabled={isLoading}>
          {t('note.save')}
        </button>
      </DialogActions>
    </form>
  );
}
