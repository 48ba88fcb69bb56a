import { useCallback, useEffect } from 'react';
import type { VacancyItem } from '@moba/contracts';
import { paths } from '../../app/paths';

interface DialogEntry {
  mobaDialog?: string;
}
const entry = (): DialogEntry => (window.history.state ?? {}) as DialogEntry;

/**
 * Browse's details dialog and the address: opening it pushes the moba's page address (so it can be
 * copied, shared and reloaded as the page), Back closes it, and closing it goes back. The router
 * does not see the pushed entry: the list stays mounted under the dialog.
 */
export function useDialogAddress(
  show: (vacancy: VacancyItem | null) => void,
  find: (id: string) => VacancyItem | null,
) {
  useEffect(() => {
    const onPop = () => show(entry().mobaDialog ? find(entry().mobaDialog!) : null);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [show, find]);

  const open = useCallback(
    (vacancy: VacancyItem) => {
      show(vacancy);
      window.history.pushState({ ...entry(), mobaDialog: vacancy.id }, '', paths.moba(vacancy.id));
    },
    [show],
  );
  const close = useCallback(() => {
    if (entry().mobaDialog) window.history.back();
    else show(null);
  }, [show]);
  return { open, close };
}
