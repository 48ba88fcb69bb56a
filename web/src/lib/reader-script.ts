import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { inScript, scriptOf } from '@moba/contracts/script';

/**
 * User-written text (titles, descriptions, names) is stored as typed and shown in the reader's
 * script: Cyrillic readers read Latin-typed text in Cyrillic and the other way round.
 */
export function useReaderScript(): (text: string) => string {
  const { i18n } = useTranslation();
  const script = scriptOf(i18n.language);
  return useCallback((text: string) => inScript(text, script), [script]);
}
