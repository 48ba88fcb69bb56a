import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationStatus, VacancyItem } from '@moba/contracts';
import { Dialog } from '../../../components/Dialog';
import { VacancyFacts } from '../../../components/VacancyFacts';
import { EstateTrust } from '../../../components/TrustFigures';
import { useReaderScript } from '../../../lib/reader-script';
import { FairPayFacts } from './FindFacts';
import { WorkTags } from './WorkTags';
import { ApplyPanel } from './ApplyPanel';

/** Browse's details of one moba, with the worker's application and a quiet report link. */
export function VacancyDialog({
  vacancy,
  status,
  onClose,
}: {
  vacancy: VacancyItem;
  status: ApplicationStatus | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(['mobas', 'common']);
  const shown = useReaderScript();
  return (
    <Dialog title={shown(vacancy.title)} onClose={onClose}>
      <div className="stack" data-testid="vacancy-details">
        <p className="muted">{shown(vacancy.estateName)}</p>
        <EstateTrust verified={vacancy.estateVerified} promises={vacancy.estatePromises} />
        <VacancyFacts vacancy={vacancy} />
        <FairPayFacts vacancy={vacancy} />
        <p>{t('detailsHours', { hours: vacancy.hoursPerDay })}</p>
        <p>{vacancy.groupLeadersAccepted ? t('groupsWelcome') : t('groupsNo')}</p>
        <WorkTags vacancy={vacancy} />
        <p className="description">{shown(vacancy.description)}</p>
        <ApplyPanel vacancy={vacancy} status={status} onClose={onClose} />
        <ReportLink vacancyId={vacancy.id} />
      </div>
    </Dialog>
  );
}

// The report form (and the zod schemas it checks with) is fetched when a moba's details open.
const loadReportDialog = () => import('./ReportDialog');
const ReportDialog = lazy(() => loadReportDialog().then((m) => ({ default: m.ReportDialog })));

/** A quiet link under the details: report the moba (asks for money, fake, wrong, wage not paid). */
export function ReportLink({ vacancyId }: { vacancyId: string }) {
  const { t } = useTranslation('trust');
  const [open, setOpen] = useState(false);
  useEffect(() => void loadReportDialog().catch(() => undefined), []);
  return (
    <>
      <button type="button" className="link small" onClick={() => setOpen(true)} data-testid="report-moba">
        {t('report.open')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog vacancyId={vacancyId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
