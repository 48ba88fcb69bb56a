import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MAX, TITLE_MAX } from '@moba/contracts';
import { Labelled } from '../../mobas/components/Labelled';
import type { DraftSectionProps } from './draft-section-props';

/** Title and description of the moba. */
export function BasicSection({ draft, set, touch, errorOf }: DraftSectionProps) {
  const { t } = useTranslation(['create-moba', 'mobas', 'common']);
  return (
    <fieldset>
      <legend>{t('sections.basic')}</legend>
      <div className="form">
        <Labelled
          label={t('fields.title')}
          hint={t('counter', { count: draft.title.length, max: TITLE_MAX })}
          error={errorOf('title')}
        >
          {(c) => (
            <input
              {...c}
              value={draft.title}
              maxLength={TITLE_MAX + 20}
              onBlur={touch('title')}
              onChange={(e) => set('title', e.target.value)}
            />
          )}
        </Labelled>
        <Labelled
          label={t('fields.description')}
          hint={
            <>
              {t('descriptionHint')} {t('counter', { count: draft.description.length, max: DESCRIPTION_MAX })}
            </>
          }
          error={errorOf('description')}
        >
          {(c) => (
            <textarea
              {...c}
              rows={5}
              value={draft.description}
              onBlur={touch('description')}
              onChange={(e) => set('description', e.target.value)}
            />
          )}
        </Labelled>
      </div>
    </fieldset>
  );
}
