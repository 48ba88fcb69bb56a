import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The report form (and the zod schemas it checks with) is fetched when a moba's details open.
const loadReportDialog = () => import('./ReportDialog');
const ReportDialog = lazy(() => loadReportDialog().then((m) => ({ default: m.ReportDialog })));

/** A quiet link beside the estate's name: report a problem with the moba (asks for money, fake, wrong, wage not paid). */
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
