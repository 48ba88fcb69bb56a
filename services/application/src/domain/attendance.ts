import { unnamedHeadId, type Attendance } from '@moba/contracts';
import { AppError, applicationErrorCodes as codes } from './errors';
import { rosterPeopleOf, type StoredCrewMember } from './crew';

/**
 * Pure rules of attendance per work day and per head (issue #31, point 6). A head is one person the
 * estate expects: the applicant (number 1, id = the application id), each accepted named member (ids of
 * the crew), then the people a leader brought as a number (`applicationId:n`).
 */

export type DayMarks = Record<string, Attendance>;
/** day → head id → mark. */
export type MarksByDay = Record<string, DayMarks>;

export interface Head {
  personId: string;
  /** 1 for the applicant, then the named members, then the unnamed people. */
  number: number;
  /** The registered worker this head is (the applicant, a member who joined), else null. */
  workerId: string | null;
  member: StoredCrewMember | null;
  unnamed: boolean;
}

interface AttendanceHolder {
  _id: string;
  workerId: string | null;
  positions: number;
  crew?: StoredCrewMember[];
  acceptedMemberIds?: string[];
  attendance?: DayMarks;
  attendanceByDay?: MarksByDay;
}

/** Every head of an accepted application, in roster order. */
export function headsOf(application: AttendanceHolder): Head[] {
  const named: Head[] = rosterPeopleOf(application).map((person, index) => ({
    personId: person.personId,
    number: index + 1,
    workerId: person.workerId,
    member: person.member,
    unnamed: false,
  }));
  const unnamed: Head[] = [];
  for (let n = named.length + 1; n <= application.positions; n++)
    unnamed.push({
      personId: unnamedHeadId(application._id, n),
      number: n,
      workerId: null,
      member: null,
      unnamed: true,
    });
  return [...named, ...unnamed];
}

/**
 * The marks of an application by day. A document from before attendance per day has only the one
 * `attendance` map: those are the marks of the moba's first work day.
 */
export function marksByDayOf(application: AttendanceHolder, firstDay: string): MarksByDay {
  if (application.attendanceByDay) return application.attendanceByDay;
  if (application.attendance && Object.keys(application.attendance).length > 0)
    return { [firstDay]: application.attendance };
  return {};
}

/** The work days the applicant themself was marked "did not come" (a crew's other heads are not theirs). */
export function noShowDaysOf(application: AttendanceHolder): number {
  const byDay = marksByDayOf(application, 'the first day');
  return Object.values(byDay).filter((marks) => marks[application._id] === 'DidNotCome').length;
}

/** A head's marks by day. */
export function marksOfHead(byDay: MarksByDay, personId: string): Record<string, Attendance> {
  const marks: Record<string, Attendance> = {};
  for (const [day, marksOfDay] of Object.entries(byDay)) {
    const mark = marksOfDay[personId];
    if (mark) marks[day] = mark;
  }
  return marks;
}

/**
 * What a head's days add up to: came = came on some day; stayed = came on every day it was marked;
 * `summary` for version 1 readers: Came, DidNotCome (marked, never came), or null (never marked).
 */
export function headOutcome(byDay: MarksByDay, personId: string) {
  const marks = Object.values(marksOfHead(byDay, personId));
  const came = marks.includes('Came');
  const stayed = marks.length > 0 && marks.every((mark) => mark === 'Came');
  const summary: Attendance | null = marks.length === 0 ? null : came ? 'Came' : 'DidNotCome';
  return { came, stayed, summary };
}

/** On one day, of the given heads: how many came and how many did not. */
export function dayCount(marksOfDay: DayMarks | undefined, heads: readonly { personId: string }[]) {
  let came = 0;
  let didNotCome = 0;
  for (const head of heads) {
    const mark = marksOfDay?.[head.personId];
    if (mark === 'Came') came++;
    else if (mark === 'DidNotCome') didNotCome++;
  }
  return { came, didNotCome };
}

const dayRefused = (code: typeof codes.NOT_A_WORK_DAY | typeof codes.DAY_NOT_YET, message: string) =>
  new AppError(code, message, [{ field: 'day', code, message }]);

/**
 * The day marks go to: the one asked, when it is a work day that has come (today or before on the
 * moba's clock); none asked, the latest work day that has come. Undefined only when no day has come.
 */
export function attendanceDayOf(
  workDays: readonly string[],
  today: string,
  asked?: string,
): string | undefined {
  if (asked === undefined) return latestDayCome(workDays, today);
  if (!workDays.includes(asked)) throw dayRefused(codes.NOT_A_WORK_DAY, 'not a work day of this moba');
  if (asked > today) throw dayRefused(codes.DAY_NOT_YET, 'attendance is marked once the day has come');
  return asked;
}

/** The latest work day on or before today (undefined: none has come). */
export const latestDayCome = (workDays: readonly string[], today: string) =>
  [...workDays]
    .sort()
    .filter((day) => day <= today)
    .at(-1);
