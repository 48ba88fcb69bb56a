import {
  AttendanceMarked,
  WorkerAttendanceRecorded,
  topics,
  type Attendance,
  type AttendanceRequest,
} from '@moba/contracts';
import { pushEvents } from '@moba/platform';
import type { AppContext } from '../context';
import type { ApplicationDoc, VacancyDoc } from '../store';
import { AppError, applicationErrorCodes as codes } from '../domain/errors';
import { cameCount, rosterPeopleOf } from '../domain/crew';
import { acceptedOf, hasStarted, ownVacancy } from '../estate-vacancy';
import { getRoster } from '../roster/roster';

type Mark = AttendanceRequest['marks'][number];
const MAX_TRIES = 5;

const notOnRoster = (index: number) =>
  new AppError(codes.NOT_ON_ROSTER, 'this person is not on the roster of the moba', [
    {
      field: `marks.${index}.personId`,
      code: codes.NOT_ON_ROSTER,
      message: 'this person is not on the roster of the moba',
    },
  ]);

/**
 * The estate marks, once the job has started, who came and who did not, per person of the roster.
 * Each accepted application records its marks and publishes its whole attendance with them
 * (AttendanceMarked, outbox); marks that change nothing publish nothing. Answers the roster.
 */
export async function markAttendance(ctx: AppContext, estateId: string, vacancyId: string, marks: Mark[]) {
  const vacancy = await ownVacancy(ctx, estateId, vacancyId);
  if (!hasStarted(ctx, vacancy))
    throw new AppError(codes.NOT_STARTED, 'attendance is marked once the job has started');
  const applicationOf = new Map<string, ApplicationDoc>();
  for (const application of await acceptedOf(ctx, vacancyId))
    for (const person of rosterPeopleOf(application)) applicationOf.set(person.personId, application);
  const byApplication = new Map<string, Mark[]>();
  marks.forEach((mark, index) => {
    const application = applicationOf.get(mark.personId);
    if (!application) throw notOnRoster(index);
    byApplication.set(application._id, [...(byApplication.get(application._id) ?? []), mark]);
  });
  for (const [applicationId, its] of byApplication)
    await recordMarks(ctx, vacancy, applicationOf.get(applicationId)!, its);
  ctx.relay.kick();
  return getRoster(ctx, estateId, vacancyId);
}

/** One application's marks, conditional on the attendance version it read (a concurrent mark retries). */
async function recordMarks(ctx: AppContext, vacancy: VacancyDoc, read: ApplicationDoc, marks: Mark[]) {
  let current: ApplicationDoc | null = read;
  for (let attempt = 0; attempt < MAX_TRIES && current; attempt++) {
    const before = current.attendance ?? {};
    if (marks.every((mark) => before[mark.personId] === mark.attendance)) return;
    const attendance: Record<string, Attendance> = { ...before };
    for (const mark of marks) attendance[mark.personId] = mark.attendance;
    const version = current.attendanceVersion ?? 0;
    const event = AttendanceMarked.create(current._id, {
      applicationId: current._id,
      vacancyId: vacancy._id,
      estateId: vacancy.estateId,
      workerId: current.workerId,
      people: rosterPeopleOf(current).map(({ personId, workerId }) => ({
        personId,
        workerId,
        attendance: attendance[personId] ?? null,
      })),
      heads: current.positions,
      came: cameCount(attendance),
    });
    const moved = await ctx.store.applications.updateOne(
      {
        _id: current._id,
        status: 'Accepted',
        attendanceVersion: version === 0 ? { $exists: false } : version,
      },
      pushEvents({ $set: { attendance, attendanceVersion: version + 1 } }, [
        { topic: topics.application, event },
        ...workersRecorded(ctx, vacancy._id, current, marks),
      ]),
    );
    if (moved === 1) return;
    current = await ctx.store.applications.findOne({ _id: read._id, status: 'Accepted' });
  }
  throw new AppError(codes.NOT_PENDING, 'the attendance changed meanwhile; try again');
}

/**
 * For each registered person marked (the applicant, a member with a registered phone), the fact the
 * "came and stayed" figure of the rating service reads: `stayed` follows `came`, since the estate
 * marks arrival only (someone who came counts as having stayed unless the estate's rating says otherwise).
 */
function workersRecorded(ctx: AppContext, vacancyId: string, application: ApplicationDoc, marks: Mark[]) {
  const recordedAt = ctx.clock.now().toISOString();
  const workerOf = new Map(rosterPeopleOf(application).map((p) => [p.personId, p.workerId]));
  return marks.flatMap((mark) => {
    const workerId = workerOf.get(mark.personId);
    if (!workerId) return [];
    const came = mark.attendance === 'Came';
    return [
      {
        topic: topics.application,
        event: WorkerAttendanceRecorded.create(vacancyId, {
          vacancyId,
          workerId,
          came,
          stayed: came,
          recordedAt,
        }),
      },
    ];
  });
}
