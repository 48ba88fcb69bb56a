import { useImperativeHandle, useState, type RefObject } from 'react';
import type { ApplicationStatus, VacancyItem } from '@moba/contracts';
import { useDialogAddress } from '../dialog-address';
import { VacancyDialog } from './VacancyDialog';

export type OpenDetails = (vacancy: VacancyItem) => void;

/**
 * Browse's details dialog with its own state: a tap on a card draws the dialog only, not again the
 * list and the filters beside it (on a slow phone that redraw is what answers a tap late). Browse
 * opens it through `opener`.
 */
export function VacancyDialogHost({
  items,
  statusOf,
  opener,
}: {
  items: VacancyItem[] | undefined;
  statusOf: Map<string, ApplicationStatus>;
  opener: RefObject<OpenDetails | null>;
}) {
  const [open, setOpen] = useState<VacancyItem | null>(null);
  const details = useDialogAddress(setOpen, items);
  useImperativeHandle(opener, () => details.open, [details]);
  if (!open) return null;
  return <VacancyDialog vacancy={open} status={statusOf.get(open.id)} onClose={details.close} />;
}
