import { useTranslation } from 'react-i18next';
import { apiErrorInfo } from './api';
import { useApiErrorText } from './use-api-error';

/**
 * The text of a failed call for these screens: a code this feature words itself (`<ns>:codes.<CODE>`)
 * first, then the shared translation of errors, then the screen's fallback (spec §8 texts).
 */
export function useFeatureErrorText(ns: string) {
  const { t, i18n } = useTranslation(ns);
  const shared = useApiErrorText();
  return (error: unknown, fallbackKey?: string): string | null => {
    if (!error) return null;
    const { code } = apiErrorInfo(error);
    if (code && i18n.exists(`${ns}:codes.${code}`)) return t(`${ns}:codes.${code}`);
    return shared(error, fallbackKey);
  };
}
