import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RegionOptions } from '../../../components/RegionOptions';
import { municipalityNames } from '@moba/contracts';
import { Labelled } from '../../../components/Labelled';
import { placeName } from '../../../lib/reference';
import { byReaderOrder } from '../../../lib/format';
import type { DraftSectionProps } from './draft-section-props';

/** Region and municipality, the municipality suggested from the region's list. */
export function PlaceSection({ form, errorOf }: DraftSectionProps) {
  const { t, i18n } = useTranslation(['create-moba', 'mobas', 'common']);
  const lng = i18n.language;
  const region = form.watch('region');
  // Some names (Palilula) are in two districts: the list offers each once.
  const places = useMemo(
    () => byReaderOrder([...new Set(municipalityNames(region))], (p) => placeName(p, lng), lng),
    [region, lng],
  );
  return (
    <fieldset>
      <legend>{t('sections.place')}</legend>
      <div className="form">
        <Labelled label={t('fields.region')}>
          {(c) => (
            <select {...c} {...form.register('region')}>
              <RegionOptions nameOf={(r) => t(`regions.${r}`)} />
            </select>
          )}
        </Labelled>
        <Labelled
          label={t('fields.municipality')}
          hint={t('municipalityHint')}
          error={errorOf('municipality')}
        >
          {(c) => (
            <>
              <input
                {...c}
                list="moba-municipalities"
                autoComplete="off"
                {...form.register('municipality')}
              />
              <datalist id="moba-municipalities">
                {places.map((p) => (
                  <option key={p} value={placeName(p, lng)} />
                ))}
              </datalist>
            </>
          )}
        </Labelled>
      </div>
    </fieldset>
  );
}
