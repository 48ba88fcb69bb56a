import { lazy, Suspense, useReducer, type ComponentType } from 'react';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { CodeUnavailable } from './CodeUnavailable';
import { useReaderScript } from '../../../lib/reader-script';
import type { VacancyDialogBodyProps } from './VacancyDetails';

type BodyProps = VacancyDialogBodyProps & { onRetry: () => void };

/**
 * The details' code is not in the browse page's first download: it is fetched at the first touch of
 * the list (browse calls this on pointerdown) and, at the latest, by the tap. Offline before it ever
 * came, the dialog says so in words.
 */
export const loadVacancyDialogBody = (): Promise<{ default: ComponentType<BodyProps> }> =>
  import('./VacancyDetails').catch(() => ({ default: CodeUnavailable }));

let Body = lazy(loadVacancyDialogBody);

/**
 * Browse's details of one moba. The frame and the moba's title show at the tap, before the details'
 * code has arrived on a slow network.
 */
export function VacancyDialog(props: VacancyDialogBodyProps) {
  const shown = useReaderScript();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const retry = () => {
    // A fresh lazy() fetches again: React keeps a lazy's first answer, here "unavailable".
    Body = lazy(loadVacancyDialogBody);
    rerender();
  };
  return (
    <Dialog title={shown(props.vacancy.title)} onClose={props.onClose}>
      <Suspense fallback={<Spinner />}>
        <Body {...props} onRetry={retry} />
      </Suspense>
    </Dialog>
  );
}
