import {
  defaultConfirmationSettings,
  mapLinkOf,
  meetingTimeOn,
  type MobaDayOfWork,
  type MobaPlacement,
} from '@moba/contracts';
import type { AuthUser } from '@moba/platform';
import type { AppContext } from '../context';
import type { ApplicationDoc, VacancyDoc } from '../store';
import { workerApplicationKey } from '../store';
import { errors } from '../domain/errors';
import { linkedWorkerOf } from '../domain/crew';
import { workDaysOf } from '../domain/work-days';

/**
 * GET /mobas/:id/day-of-work: a moba's meeting details, the meeting time of each work day and the
 * confirmation settings. Private (issue #31): answered only to an accepted applicant of the moba
 * (a crew's leader), a named member of an accepted crew who joined through the leader's invitation
 * and was among those accepted, the moba's estate, and admins. Anyone else: 403 NOT_ON_MOBA.
 */
export async function readDayOfWork(
  ctx: AppContext,
  user: AuthUser,
  vacancyId: string,
): Promise<MobaDayOfWork> {
  const vacancy = await ctx.store.vacancies.findOne({ _id: vacancyId });
  if (!vacancy || vacancy.deleted) throw errors.vacancyNotFound();
  if (user.role === 'Admin') return answer(vacancy, 'admin');
  if (user.role === 'Estate') {
    if (vacancy.estateId !== user.id) throw errors.notOnMoba();
    return answer(vacancy, 'estate');
  }
  const placement = await placementOf(ctx, user.id, vacancyId);
  if (!placement) throw errors.notOnMoba();
  return answer(vacancy, 'worker', placement);
}

/** How a worker is accepted on a moba: their own application, or a joined and accepted crew member. */
async function placementOf(
  ctx: AppContext,
  workerId: string,
  vacancyId: string,
): Promise<MobaPlacement | null> {
  const own = await ctx.store.applications.findOne({ uniqueKey: workerApplicationKey(workerId, vacancyId) });
  if (own?.status === 'Accepted') return { applicationId: own._id, as: 'applicant', heads: own.positions };
  const accepted = await ctx.store.applications.find({ vacancyId, status: 'Accepted' });
  for (const application of accepted) {
    if (!acceptedMembersOf(application).some((member) => linkedWorkerOf(member) === workerId)) continue;
    const leader = application.workerId
      ? await ctx.store.workers.findOne({ _id: application.workerId })
      : null;
    return {
      applicationId: application._id,
      as: 'member',
      heads: 1,
      ...(leader ? { leaderName: leader.fullName } : {}),
    };
  }
  return null;
}

/** Of a crew application, the members accepted (every one unless a part was accepted). */
const acceptedMembersOf = (application: ApplicationDoc) => {
  const crew = application.crew ?? [];
  if (!application.acceptedMemberIds) return crew;
  const ids = new Set(application.acceptedMemberIds);
  return crew.filter((member) => ids.has(member.id));
};

function answer(
  vacancy: VacancyDoc,
  viewer: MobaDayOfWork['viewer'],
  placement?: MobaPlacement,
): MobaDayOfWork {
  const meeting = vacancy.dayOfWork?.meeting ?? null;
  return {
    vacancyId: vacancy._id,
    title: vacancy.title,
    startDate: vacancy.startDate,
    endDate: vacancy.endDate,
    viewer,
    meeting: meeting ? { ...meeting, ...(meeting.pin ? { mapLink: mapLinkOf(meeting.pin) } : {}) } : null,
    days: meeting ? workDaysOf(vacancy).map((day) => ({ day, time: meetingTimeOn(meeting, day) })) : [],
    confirmation: vacancy.dayOfWork?.confirmation ?? defaultConfirmationSettings,
    ...(placement ? { placement } : {}),
  };
}
