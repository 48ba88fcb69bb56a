import type { ApprovedApplicant } from '@moba/contracts';
import { ReliabilityFigures } from './ReliabilityFigures';
import { RemoveFromMoba } from './RemoveFromMoba';

/** On the estate's list of accepted people: the person's reliability and "Ukloni" (with a reason). */
export function ApplicantStandby({
  applicant,
  moba,
}: {
  applicant: ApprovedApplicant;
  moba: { id: string; startDate: string; endDate: string };
}) {
  return (
    <div className="stack">
      <ReliabilityFigures reliability={applicant.reliability} />
      <RemoveFromMoba applicationId={applicant.applicationId} name={applicant.fullName} moba={moba} />
    </div>
  );
}
