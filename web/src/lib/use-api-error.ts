import { useTranslation } from 'react-i18next';
import { apiErrorInfo } from './api';
import { useErrorTexts } from './error-texts';

/**
 * The text of a failed call in the reader's language: every code our services answer is translated
 * (namespace `errors`, key = the code; a test walks the catalogue). A body without a code (a plain
 * text answer, spec §8) is passed on; a coded answer is never shown in the server's English. `null`
 * for the moment the `errors` namespace is on its way (error-texts.ts).
 */
const unexplained = new Set(['INTERNAL', 'VALIDATION']);

export function useApiErrorText() {
  const { t } = useTranslation('common');
  const errorTexts = useErrorTexts();
  return (error: unknown, fallbackKey = 'common:errors.unknown'): string | null => {
    if (!error) return null;
    const info = apiErrorInfo(error);
    if (info.status === 'FETCH_ERROR' || info.status === 'TIMEOUT_ERROR') return t('common:errors.network');
    if (info.status === 429) return t('common:errors.tooMany');
    if (info.message && !info.code) return info.message;
    // An unexplained failure reads as the screen's own spec text ("error loading approved workers").
    const explained = info.code && !unexplained.has(info.code) ? [`errors:${info.code}`] : [];
    return errorTexts([...explained, fallbackKey]);
  };
}
