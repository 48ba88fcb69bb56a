import { useTranslation } from 'react-i18next';
import { apiErrorInfo } from './api';

/**
 * The text of a failed call in the reader's language: a known error code is translated (namespace
 * `errors`, key = the code), otherwise the server's own text is passed on (spec §8), otherwise
 * `fallbackKey`.
 */
export function useApiErrorText() {
  const { t, i18n } = useTranslation(['errors', 'common']);
  return (error: unknown, fallbackKey = 'common:errors.unknown'): string | null => {
    if (!error) return null;
    const info = apiErrorInfo(error);
    if (info.status === 'FETCH_ERROR' || info.status === 'TIMEOUT_ERROR') return t('common:errors.network');
    if (info.status === 429) return t('common:errors.tooMany');
    if (info.code && i18n.exists(`errors:${info.code}`)) return t(`errors:${info.code}`);
    if (info.message && info.code !== 'VALIDATION' && info.code !== 'INTERNAL') return info.message;
    return t(fallbackKey);
  };
}
