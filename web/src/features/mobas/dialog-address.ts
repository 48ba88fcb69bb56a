import { useEffect, useMemo } from 'react';
import type { VacancyItem } from '@moba/contracts';
import { paths } from '../../app/paths';

/**
 * Browse's details dialog and the address: opening it pushes the moba's page address (so it can be
 * copied, shared and reloaded as the page), Back closes it, and closing it goes back. The router
 * does not see the pushed entry: the list stays mounted under the dialog.
 */
export function useDialogAddress(show: (vacancy: VacancyItem | null) => void, items?: VacancyItem[]) {
  useEffect(() => {
    const onPop = () => show(items?.find((v) => v.id === history.state?.mobaDialog) ?? null);
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [show, items]);
  // The same functions on every render: the cards they are handed to are not drawn again.
  return useMemo(
    () => ({
      open(vacancy: VacancyItem) {
        show(vacancy);
        history.pushState({ ...history.state, mobaDialog: vacancy.id }, '', paths.moba(vacancy.id));
      },
      close: () => (history.state?.mobaDialog ? history.back() : show(null)),
    }),
    [show],
  );
}
