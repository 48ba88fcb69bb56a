import { useTranslation } from 'react-i18next';
import { apiErrorInfo } from './api';

/**
 * The text of a failed call in the reader's language: every code our services answer is translated
 * (namespace `errors`, key = the code; a test walks the catalogue). A body without a code (a plain
 * text answer, spec §8) is passed on; a coded answer is never shown in the server's English.
 */
const unexplained = new Set(['INTERNAL', 'VALIDATION']);

export function useApiErrorText() {
  const { t, i18n } = useTranslation(['errors', 'common']);
  return (error: unknown, fallbackKey = 'common:errors.unknown'): string | null => {
    if (!error) return null;
    const info = apiErrorInfo(error);
    if (info.status === 'FETCH_ERROR' || info.status === 'TIMEOUT_ERROR') return t('common:errors.network');
    if (info.status === 429) return t('common:errors.tooMany');
    // An unexplained failure reads as the screen's own spec text ("error loading approved workers").
    if (info.code && !unexplained.has(info.code) && i18n.exists(`errors:${info.code}`))
      return t(`errors:${info.code}`);
    if (info.message && !info.code) return info.message;
    return t(fallbackKey);
  };
}
