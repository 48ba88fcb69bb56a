import type { ApprovedApplicant } from '@moba/contracts';
import type { AppContext } from '../context';
import { errors } from '../domain/errors';
import { applicantsOf } from '../views';
import { reliabilityOfMany } from '../worker-reliability/worker-reliability';

/** The owning estate sees who was accepted into its vacancy: name, phone, group size, municipality. */
export async function approvedApplicants(
  ctx: AppContext,
  estateId: string,
  vacancyId: string,
): Promise<ApprovedApplicant[]> {
  const vacancy = await ctx.store.vacancies.findOne({ _id: vacancyId });
  if (!vacancy || vacancy.deleted) throw errors.vacancyNotFound();
  if (vacancy.estateId !== estateId) throw errors.notVacancyOwner();
  const accepted = await ctx.store.applications.find(
    { vacancyId, status: 'Accepted' },
    { sort: { decidedAt: 1 } },
  );
  const applicants = await applicantsOf(ctx.store, accepted);
  const reliability = await reliabilityOfMany(
    ctx,
    accepted.map((a) => a.workerId),
  );
  return accepted.map((a) => {
    const worker = applicants.workerOf(a);
    const guest = applicants.guestOf(a);
    return {
      applicationId: a._id,
      workerId: a.workerId,
      guest: a.guest,
      fullName: applicants.nameOf(a),
      phone: worker?.phone ?? guest?.phone ?? '',
      municipality: worker?.municipality ?? guest?.municipality ?? null,
      // The people it brings as accepted (after a partial crew acceptance, the accepted ones only).
      groupSize: a.positions - 1,
      positions: a.positions,
      ...(a.workerId ? { reliability: reliability.get(a.workerId) } : {}),
    };
  });
}
