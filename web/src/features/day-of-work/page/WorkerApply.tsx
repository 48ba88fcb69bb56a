import type { ComponentType } from 'react';
import type { MobaPage } from '@moba/contracts';
import { loadBrowseParts } from '../../mobas';

export interface WorkerApplyProps {
  vacancy: MobaPage;
  closedText: string;
}

/**
 * A worker applies on a moba's page as in browse: browse's own apply panel and report link, and
 * where the worker's application to it stands, fetched with browse's code when a worker opens one.
 */
export const loadWorkerApply = (): Promise<{ default: ComponentType<WorkerApplyProps> }> =>
  loadBrowseParts().then(({ ApplyPanel, ReportLink, useMyApplicationsQuery }) => ({
    default: function WorkerApply({ vacancy, closedText }: WorkerApplyProps) {
      const { data: mine } = useMyApplicationsQuery(undefined, { refetchOnMountOrArgChange: true });
      const status = mine?.find((a) => a.vacancyId === vacancy.id)?.status;
      return (
        <>
          {vacancy.status === 'Open' || status ? (
            <ApplyPanel vacancy={vacancy} status={status} />
          ) : (
            <p className="notice">{closedText}</p>
          )}
          {vacancy.status === 'Open' && <ReportLink vacancyId={vacancy.id} />}
        </>
      );
    },
  }));
