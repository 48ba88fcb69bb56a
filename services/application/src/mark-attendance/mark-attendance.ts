import {
  AttendanceMarked,
  WorkerAttendanceRecorded,
  calendarDay,
  topics,
  type AttendanceMark,
  type DayAttendanceRequest,
} from '@moba/contracts';
import { pushEvents } from '@moba/platform';
import type { AppContext } from '../context';
import type { ApplicationDoc, VacancyDoc } from '../store';
import { AppError, applicationErrorCodes as codes } from '../domain/errors';
import {
  attendanceDayOf,
  dayCount,
  headOutcome,
  headsOf,
  marksByDayOf,
  marksOfHead,
  type MarksByDay,
} from '../domain/attendance';
import { workDaysOf } from '../domain/work-days';
import { acceptedOf, hasStarted, ownVacancy } from '../estate-vacancy';
import { getRoster } from '../roster/roster';

/**
 * A write that loses the version race was beaten by another that landed, so each try makes progress
 * for someone: the bound only needs to exceed the taps that can meet on one application at once (an
 * estate's phones marking a crew's heads; 5 was too few for a crew of 20 tapped together on PostgreSQL).
 */
const MAX_TRIES = 64;

const notOnRoster = (index: number) =>
  new AppError(codes.NOT_ON_ROSTER, 'this person is not on the roster of the moba', [
    {
      field: `marks.${index}.personId`,
      code: codes.NOT_ON_ROSTER,
      message: 'this person is not on the roster of the moba',
    },
  ]);

/**
 * The estate marks, per work day and per head, who came and who did not: on a work day that has come
 * (today or before; none named, the latest such day). Each accepted application records its marks and
 * publishes its whole attendance with them (AttendanceMarked, and WorkerAttendanceRecorded for each
 * registered person marked); marks that change nothing publish nothing. Answers the roster of that day.
 * Every mark is checked before anything is written, so a refusal writes nothing.
 */
export async function markAttendance(
  ctx: AppContext,
  estateId: string,
  vacancyId: string,
  request: DayAttendanceRequest,
) {
  const vacancy = await ownVacancy(ctx, estateId, vacancyId);
  if (!hasStarted(ctx, vacancy))
    throw new AppError(codes.NOT_STARTED, 'attendance is marked once the job has started');
  const workDays = workDaysOf(vacancy);
  const day = attendanceDayOf(workDays, calendarDay(ctx.clock.now()), request.day);
  if (!day) throw new AppError(codes.NOT_STARTED, 'attendance is marked once the job has started');
  const applicationOf = new Map<string, ApplicationDoc>();
  for (const application of await acceptedOf(ctx, vacancyId))
    for (const head of headsOf(application)) applicationOf.set(head.personId, application);
  const byApplication = new Map<string, AttendanceMark[]>();
  request.marks.forEach((mark, index) => {
    const application = applicationOf.get(mark.personId);
    if (!application) throw notOnRoster(index);
    byApplication.set(application._id, [...(byApplication.get(application._id) ?? []), mark]);
  });
  for (const [applicationId, its] of byApplication)
    await recordMarks(ctx, vacancy, workDays[0]!, applicationOf.get(applicationId)!, day, its);
  ctx.relay.kick();
  return getRoster(ctx, estateId, vacancyId, day);
}

/** One application's marks of one day, conditional on the attendance version it read (a concurrent mark retries). */
async function recordMarks(
  ctx: AppContext,
  vacancy: VacancyDoc,
  firstDay: string,
  read: ApplicationDoc,
  day: string,
  marks: AttendanceMark[],
) {
  let current: ApplicationDoc | null = read;
  for (let attempt = 0; attempt < MAX_TRIES && current; attempt++) {
    const before = marksByDayOf(current, firstDay);
    if (marks.every((mark) => before[day]?.[mark.personId] === mark.attendance)) return;
    const marksOfDay = { ...before[day] };
    for (const mark of marks) marksOfDay[mark.personId] = mark.attendance;
    const attendanceByDay: MarksByDay = { ...before, [day]: marksOfDay };
    const version = current.attendanceVersion ?? 0;
    const moved = await ctx.store.applications.updateOne(
      {
        _id: current._id,
        status: 'Accepted',
        attendanceVersion: version === 0 ? { $exists: false } : version,
      },
      pushEvents({ $set: { attendanceByDay, attendanceVersion: version + 1 } }, [
        { topic: topics.application, event: attendanceMarked(vacancy, current, attendanceByDay, day) },
        ...workersRecorded(ctx, vacancy._id, current, attendanceByDay, marks),
      ]),
    );
    if (moved === 1) return;
    current = await ctx.store.applications.findOne({ _id: read._id, status: 'Accepted' });
  }
  throw new AppError(codes.NOT_PENDING, 'the attendance changed meanwhile; try again');
}

/** The whole current attendance of an application: per named person, per head count, per day. */
function attendanceMarked(vacancy: VacancyDoc, application: ApplicationDoc, byDay: MarksByDay, day: string) {
  const heads = headsOf(application);
  return AttendanceMarked.create(application._id, {
    applicationId: application._id,
    vacancyId: vacancy._id,
    estateId: vacancy.estateId,
    workerId: application.workerId,
    people: heads
      .filter((head) => !head.unnamed)
      .map(({ personId, workerId }) => ({
        personId,
        workerId,
        attendance: headOutcome(byDay, personId).summary,
        byDay: marksOfHead(byDay, personId),
      })),
    heads: application.positions,
    came: heads.filter((head) => headOutcome(byDay, head.personId).came).length,
    day,
    days: Object.keys(byDay)
      .sort()
      .map((d) => ({ day: d, ...dayCount(byDay[d], heads) })),
  });
}

/**
 * For each registered person marked (the applicant, a member who joined the crew), the fact the "came
 * and stayed" figure of the rating service reads, over all the days marked so far: came = came on some
 * day, stayed = came on every day the person was marked.
 */
function workersRecorded(
  ctx: AppContext,
  vacancyId: string,
  application: ApplicationDoc,
  byDay: MarksByDay,
  marks: AttendanceMark[],
) {
  const recordedAt = ctx.clock.now().toISOString();
  const marked = new Set(marks.map((mark) => mark.personId));
  return headsOf(application).flatMap((head) => {
    if (!head.workerId || !marked.has(head.personId)) return [];
    const { came, stayed } = headOutcome(byDay, head.personId);
    return [
      {
        topic: topics.application,
        event: WorkerAttendanceRecorded.create(vacancyId, {
          vacancyId,
          workerId: head.workerId,
          came,
          stayed,
          recordedAt,
        }),
      },
    ];
  });
}
