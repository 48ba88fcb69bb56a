import type { ApplicationErrorCode, Attendance, CrewMember } from '@moba/contracts';
import { AppError, applicationErrorCodes as codes } from './errors';

/** Pure rules of crews: who a leader may pick, who an admin may accept, who is on the roster. */

const refuse = (field: string, code: ApplicationErrorCode, message: string) =>
  new AppError(code, 400, message, [{ field, code, message }]);

export interface CrewPickFacts {
  worker: { groupLeader: boolean; groupSize: number } | null;
  vacancy: { groupLeadersAccepted: boolean };
  crew: Pick<CrewMember, 'id'>[];
  memberIds: string[];
}

/**
 * A leader brings named members: a group leader's profile, at most the number of people it says they
 * can bring (as with a head count), a vacancy that takes groups, members of their own crew.
 */
export function checkCrewPick({ worker, vacancy, crew, memberIds }: CrewPickFacts): void {
  if (!worker || !worker.groupLeader)
    throw refuse('memberIds', codes.NOT_GROUP_LEADER, 'only a group leader can bring people');
  if (memberIds.length > worker.groupSize)
    throw new AppError(
      codes.GROUP_TOO_LARGE,
      400,
      `a group leader can bring at most ${worker.groupSize} people`,
      [
        {
          field: 'memberIds',
          code: codes.GROUP_TOO_LARGE,
          message: `a group leader can bring at most ${worker.groupSize} people`,
          limit: worker.groupSize,
        },
      ],
    );
  if (!vacancy.groupLeadersAccepted)
    throw refuse('memberIds', codes.GROUP_NOT_ACCEPTED, 'this vacancy does not accept group leaders');
  const known = new Set(crew.map((member) => member.id));
  if (memberIds.some((id) => !known.has(id)))
    throw refuse('memberIds', codes.NOT_CREW_MEMBER, 'every member must be one of your crew');
}

/** An admin accepts k of the n picked members: each accepted id must be one of them. */
export function checkAcceptedPart(crew: CrewMember[] | undefined, memberIds: string[]): CrewMember[] {
  if (!crew || crew.length === 0)
    throw new AppError(codes.NOT_A_CREW, 409, 'this application brings no named crew');
  const picked = new Set(crew.map((member) => member.id));
  if (memberIds.some((id) => !picked.has(id)) || new Set(memberIds).size !== memberIds.length)
    throw refuse(
      'memberIds',
      codes.NOT_CREW_MEMBER,
      'accept only members this application brings, once each',
    );
  const accepted = new Set(memberIds);
  return crew.filter((member) => accepted.has(member.id));
}

/** The accepted and not accepted members of a crew application, for the leader's notification. */
export function crewOutcome(crew: CrewMember[], acceptedIds: readonly string[]) {
  const accepted = new Set(acceptedIds);
  const ref = (member: CrewMember) => ({ id: member.id, name: member.name });
  return {
    accepted: crew.filter((m) => accepted.has(m.id)).map(ref),
    notAccepted: crew.filter((m) => !accepted.has(m.id)).map(ref),
  };
}

/** The people an accepted application puts on the roster: the applicant (keyed by the application id) and its accepted members. */
export function rosterPeopleOf(application: {
  _id: string;
  workerId: string | null;
  crew?: CrewMember[];
  acceptedMemberIds?: string[];
}) {
  const accepted = new Set(application.acceptedMemberIds ?? []);
  return [
    { personId: application._id, workerId: application.workerId, member: null },
    ...(application.crew ?? [])
      .filter((member) => accepted.has(member.id))
      .map((member) => ({ personId: member.id, workerId: member.workerId, member })),
  ];
}

/** Came counts the marked people who came. */
export const cameCount = (attendance: Record<string, Attendance> | undefined) =>
  Object.values(attendance ?? {}).filter((value) => value === 'Came').length;
