import { useTranslation } from 'react-i18next';
import type { ApplicationStatus, VacancyItem } from '@moba/contracts';
import { VacancyFacts } from '../../../components/VacancyFacts';
import { EstateTrust } from '../../../components/TrustFigures';
import { useReaderScript } from '../../../lib/reader-script';
import { FairPayFacts } from './FindFacts';
import { WorkTags } from './WorkTags';
import { ApplyPanel } from './ApplyPanel';
import { ReportLink } from './ReportLink';

export interface VacancyDialogBodyProps {
  vacancy: VacancyItem;
  status: ApplicationStatus | undefined;
  onClose: () => void;
}

/**
 * What browse's details dialog (VacancyDialog.tsx) shows under the title: the estate, a quiet report
 * link, the details and the worker's application last.
 */
export default function VacancyDialogBody({ vacancy, status, onClose }: VacancyDialogBodyProps) {
  const shown = useReaderScript();
  return (
    <div className="stack" data-testid="vacancy-details">
      <p className="muted">{shown(vacancy.estateName)}</p>
      <EstateTrust verified={vacancy.estateVerified} promises={vacancy.estatePromises} />
      {/* With the listing's source, far from the apply button: one is never tapped for the other. */}
      <ReportLink vacancyId={vacancy.id} />
      <VacancyDetails vacancy={vacancy} />
      <ApplyPanel vacancy={vacancy} status={status} onClose={onClose} />
    </div>
  );
}

/** The facts of a moba as its details show them: wage, dates, place, places, pay, hours, work, text. */
export function VacancyDetails({ vacancy }: { vacancy: VacancyItem }) {
  const { t } = useTranslation('mobas');
  const shown = useReaderScript();
  return (
    <>
      <VacancyFacts vacancy={vacancy} />
      <FairPayFacts vacancy={vacancy} />
      <p>{t('detailsHours', { hours: vacancy.hoursPerDay })}</p>
      <p>{vacancy.groupLeadersAccepted ? t('groupsWelcome') : t('groupsNo')}</p>
      <WorkTags vacancy={vacancy} />
      <p className="description">{shown(vacancy.description)}</p>
    </>
  );
}
