import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scriptOf, toCyrillic, toLatin } from '@moba/contracts/script';

/**
 * Crop and job activity names in the reader's language and script: the `work` texts, written from
 * the shared lists by scripts/work-texts.mjs (a reader downloads one language's names). An id the
 * texts do not know shows as it is.
 */
export function useWorkNames() {
  const { t } = useTranslation('work');
  return useMemo(
    () => ({
      cropName: (id: string) => t(`crops.${id}`, { defaultValue: id }),
      activityName: (id: string) => t(`jobs.${id}`, { defaultValue: id }),
    }),
    [t],
  );
}

export type Places = typeof import('@moba/contracts/reference/index');
let places: Places | undefined;
let loading: Promise<Places> | undefined;

/**
 * The place lists (every municipality of the region, about 11 KB gzipped) are fetched only where
 * something needs them: the filters' suggestions, or the exact Cyrillic spelling of a place outside
 * Serbia.
 */
function loadPlaces(): Promise<Places> {
  loading ??= import('@moba/contracts/reference/index').then((module) => (places = module));
  return loading;
}

/** The place lists, once `wanted` and loaded (the component renders again when they arrive). */
export function usePlaces(wanted: boolean): Places | undefined {
  const [loaded, setLoaded] = useState(places);
  useEffect(() => {
    if (wanted && !loaded) void loadPlaces().then(setLoaded);
  }, [wanted, loaded]);
  return loaded;
}

/**
 * A place name in the reader's script (Latin in the data), for the screens that must stay light:
 * Serbia's names convert letter by letter, so only a Cyrillic reader waits for the lists, for the
 * native spelling of a place elsewhere in the region (meanwhile it is converted too).
 */
export function usePlaceName(): (name: string) => string {
  const { i18n } = useTranslation();
  const script = scriptOf(i18n.language);
  const lists = usePlaces(script === 'Cyrl');
  if (lists) return (name) => lists.municipalityInScript(name, script);
  return (name) => (script === 'Latn' ? toLatin(name) : toCyrillic(name));
}
