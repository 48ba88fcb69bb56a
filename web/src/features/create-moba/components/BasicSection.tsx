import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MAX, TITLE_MAX } from '@moba/contracts';
import { Labelled } from '../../../components/Labelled';
import type { DraftSectionProps } from './draft-section-props';

/** Title and description of the moba. */
export function BasicSection({ form, errorOf }: DraftSectionProps) {
  const { t } = useTranslation(['create-moba', 'mobas', 'common']);
  const [title, description] = form.watch(['title', 'description']);
  return (
    <fieldset>
      <legend>{t('sections.basic')}</legend>
      <div className="form">
        <Labelled
          label={t('fields.title')}
          hint={t('counter', { count: title.length, max: TITLE_MAX })}
          error={errorOf('title')}
        >
          {(c) => <input {...c} maxLength={TITLE_MAX + 20} {...form.register('title')} />}
        </Labelled>
        <Labelled
          label={t('fields.description')}
          hint={
            <>
              {t('descriptionHint')} {t('counter', { count: description.length, max: DESCRIPTION_MAX })}
            </>
          }
          error={errorOf('description')}
        >
          {(c) => <textarea {...c} rows={5} {...form.register('description')} />}
        </Labelled>
      </div>
    </fieldset>
  );
}
