import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { photoProblem } from '../photo';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { useUploadPhotoMutation } from '../api';

/** The profile photo: current one, a preview of the chosen file, upload (multipart field 'photo'). */
export function PhotoField({ photoUrl }: { photoUrl: string | null }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [upload, { isLoading, error, isSuccess, reset }] = useUploadPhotoMutation();
  const errorText = useFeatureErrorText('profile');

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const onPick = (picked: File | undefined) => {
    reset();
    setFile(null);
    setPreview(null);
    setProblem(null);
    if (!picked) return;
    const bad = photoProblem(picked);
    if (bad) return setProblem(t(`photo.${bad}`));
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  };

  const shown = preview ?? photoUrl;
  const describedBy = [`${id}-hint`, problem || error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <fieldset data-testid="photo">
      <legend>{t('photo.legend')}</legend>
      <div className="stack">
        {shown ? (
          <img
            className="photo-preview"
            src={shown}
            alt={preview ? t('photo.previewAlt') : t('photo.currentAlt')}
            data-testid="photo-preview"
          />
        ) : (
          <p className="muted">{t('photo.none')}</p>
        )}
        <div className="field">
          <label htmlFor={id}>{t('photo.choose')}</label>
          <p id={`${id}-hint`} className="hint">
            {t('photo.hint')}
          </p>
          <input
            id={id}
            type="file"
            accept="image/*"
            aria-describedby={describedBy}
            aria-invalid={problem || error ? true : undefined}
            onChange={(e) => onPick(e.target.files?.[0])}
          />
          {(problem || error) && (
            <p id={`${id}-error`} className="error" role="alert">
              {problem ?? errorText(error, 'profile:photo.error')}
            </p>
          )}
        </div>
        {isSuccess && !file && (
          <p className="alert success" role="status">
            {t('photo.saved')}
          </p>
        )}
        {file && (
          <button
            type="button"
            className="primary"
            disabled={isLoading}
            onClick={() =>
              void upload(file).then((r) => {
                if ('data' in r) {
                  setFile(null);
                  setPreview(null);
                }
              })
            }
          >
            {t('photo.upload')}
          </button>
        )}
      </div>
    </fieldset>
  );
}
