import {
  calendarDay,
  type DayRoster,
  type Gender,
  type RosterHead,
  type RosterPerson,
} from '@moba/contracts';
import type { AppContext } from '../context';
import type { ApplicationDoc } from '../store';
import { rosterPeopleOf } from '../domain/crew';
import {
  dayCount,
  headsOf,
  latestDayCome,
  marksByDayOf,
  marksOfHead,
  type MarksByDay,
} from '../domain/attendance';
import { workDaysOf } from '../domain/work-days';
import { byId } from '../views';
import { acceptedOf, hasStarted, ownVacancy } from '../estate-vacancy';

/**
 * The roster of a moba for its estate: every accepted head. A solo worker, a guest and a crew's leader
 * with their phone; a crew's accepted members under their leader (no phone: the estate calls the
 * leader); the people a leader brought as a number as numbered rows; each with the marks of every work
 * day, and per work day the show-up figures in heads. `came` and `people[].attendance` (the crew
 * roster's shape) read `day`: the one asked, else the latest work day that has come, else the first.
 */
export async function getRoster(
  ctx: AppContext,
  estateId: string,
  vacancyId: string,
  shownDay?: string,
): Promise<DayRoster> {
  const vacancy = await ownVacancy(ctx, estateId, vacancyId);
  const accepted = await acceptedOf(ctx, vacancyId);
  const workDays = [...workDaysOf(vacancy)].sort();
  const firstDay = workDays[0] ?? vacancy.startDate;
  const today = calendarDay(ctx.clock.now());
  const day = shownDay ?? latestDayCome(workDays, today) ?? firstDay;
  const [workers, guests] = await Promise.all([
    byId(
      ctx.store.workers,
      accepted.flatMap((a) => [a.workerId, ...headsOf(a).map((head) => head.workerId)]),
    ),
    byId(
      ctx.store.guestApplications,
      accepted.map((a) => a.guestApplicationId),
    ),
  ]);
  const genderOf = (workerId: string | null): Gender | null =>
    (workerId ? workers.get(workerId)?.gender : undefined) ?? null;

  const people: RosterPerson[] = [];
  const rows: RosterHead[] = [];
  const allHeads: { personId: string }[] = [];
  const byDayOf = new Map<string, MarksByDay>();
  for (const application of accepted) {
    const worker = application.workerId ? workers.get(application.workerId) : undefined;
    const guest = application.guestApplicationId ? guests.get(application.guestApplicationId) : undefined;
    const applicantName = worker?.fullName ?? (guest ? `${guest.firstName} ${guest.lastName}` : '');
    const phone = worker?.phone ?? guest?.phone ?? null;
    const byDay = marksByDayOf(application, firstDay);
    byDayOf.set(application._id, byDay);
    const heads = headsOf(application);
    const named = heads.filter((head) => !head.unnamed);
    const leads = heads.length > 1;
    allHeads.push(...heads);
    for (const head of heads) {
      const role: RosterHead['role'] = head.unnamed
        ? 'Unnamed'
        : head.member
          ? 'Member'
          : application.guest
            ? 'Guest'
            : leads
              ? 'Leader'
              : 'Worker';
      rows.push({
        personId: head.personId,
        applicationId: application._id,
        role,
        name: head.member ? head.member.name : head.unnamed ? '' : applicantName,
        number: head.number,
        leaderName: head.member || head.unnamed ? applicantName : null,
        phone: head.member || head.unnamed ? null : phone,
        gender: genderOf(head.workerId),
        marks: marksOfHead(byDay, head.personId),
      });
    }
    people.push(...crewPeople(application, applicantName, phone, named.length, byDay[day]));
  }
  const days = workDays.map((d) => ({
    day: d,
    open: d <= today,
    heads: allHeads.length,
    ...dayCount(Object.assign({}, ...accepted.map((a) => byDayOf.get(a._id)?.[d] ?? {})), allHeads),
  }));
  return {
    vacancy: {
      id: vacancy._id,
      title: vacancy.title,
      municipality: vacancy.municipality,
      startDate: vacancy.startDate,
      endDate: vacancy.endDate,
    },
    started: hasStarted(ctx, vacancy),
    heads: allHeads.length,
    came: days.find((d) => d.day === day)?.came ?? 0,
    people,
    today,
    day,
    days,
    rows,
  };
}

/** The crew roster's rows of an application (issue #20 shape): named people, the unnamed as a count on the applicant. */
function crewPeople(
  application: ApplicationDoc,
  applicantName: string,
  phone: string | null,
  namedCount: number,
  marksOfDay: Record<string, 'Came' | 'DidNotCome'> | undefined,
): RosterPerson[] {
  const named = rosterPeopleOf(application);
  const leads = named.length > 1 || application.positions > 1;
  return named.map(({ personId, member }) => ({
    personId,
    applicationId: application._id,
    role: member ? 'Member' : application.guest ? 'Guest' : leads ? 'Leader' : 'Worker',
    name: member ? member.name : applicantName,
    phone: member ? null : phone,
    leaderName: member ? applicantName : null,
    unnamed: member ? 0 : Math.max(0, application.positions - namedCount),
    attendance: marksOfDay?.[personId] ?? null,
  }));
}
