import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { inScript, scriptOf } from '@moba/contracts/script';
import { useSession } from '../app/session';

/**
 * User-written text (titles, descriptions, names, comments) is stored as typed. Workers, estates and
 * visitors read it in their own script: Cyrillic readers read Latin-typed text in Cyrillic and the
 * other way round. An admin reads it exactly as typed: admins moderate what was written, and a
 * converted text would hide it.
 */
export function useReaderScript(): (text: string) => string {
  const { i18n } = useTranslation();
  const { role } = useSession();
  const script = role === 'Admin' ? null : scriptOf(i18n.language);
  return useCallback((text: string) => (script ? inScript(text, script) : text), [script]);
}
