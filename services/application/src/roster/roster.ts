import type { Roster, RosterPerson } from '@moba/contracts';
import type { AppContext } from '../context';
import type { ApplicationDoc } from '../store';
import { cameCount, rosterPeopleOf } from '../domain/crew';
import { byId } from '../views';
import { acceptedOf, hasStarted, ownVacancy } from '../estate-vacancy';

/**
 * The roster of a moba for its estate: every accepted person by name. A solo worker, a guest and a
 * crew's leader with their phone; a crew's accepted members under their leader (no phone: the estate
 * calls the leader); each with the attendance marked so far.
 */
export async function getRoster(ctx: AppContext, estateId: string, vacancyId: string): Promise<Roster> {
  const vacancy = await ownVacancy(ctx, estateId, vacancyId);
  const accepted = await acceptedOf(ctx, vacancyId);
  const [workers, guests] = await Promise.all([
    byId(
      ctx.store.workers,
      accepted.map((a) => a.workerId),
    ),
    byId(
      ctx.store.guestApplications,
      accepted.map((a) => a.guestApplicationId),
    ),
  ]);
  const people = accepted.flatMap((application: ApplicationDoc): RosterPerson[] => {
    const worker = application.workerId ? workers.get(application.workerId) : undefined;
    const guest = application.guestApplicationId ? guests.get(application.guestApplicationId) : undefined;
    const applicantName = worker?.fullName ?? (guest ? `${guest.firstName} ${guest.lastName}` : '');
    const named = rosterPeopleOf(application);
    const leads = named.length > 1 || application.positions > 1;
    return named.map(({ personId, member }) => ({
      personId,
      applicationId: application._id,
      role: member ? 'Member' : application.guest ? 'Guest' : leads ? 'Leader' : 'Worker',
      name: member ? member.name : applicantName,
      phone: member ? null : (worker?.phone ?? guest?.phone ?? null),
      leaderName: member ? applicantName : null,
      // A leader who brought a head count without names: the people beyond the named ones.
      unnamed: member ? 0 : application.positions - named.length,
      attendance: application.attendance?.[personId] ?? null,
    }));
  });
  return {
    vacancy: {
      id: vacancy._id,
      title: vacancy.title,
      municipality: vacancy.municipality,
      startDate: vacancy.startDate,
      endDate: vacancy.endDate,
    },
    started: hasStarted(ctx, vacancy),
    heads: accepted.reduce((sum, a) => sum + a.positions, 0),
    came: accepted.reduce((sum, a) => sum + cameCount(a.attendance), 0),
    people,
  };
}
