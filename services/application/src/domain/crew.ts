import type { ApplicationErrorCode, Attendance, CrewMemberLink } from '@moba/contracts';
import { AppError, applicationErrorCodes as codes } from './errors';

/**
 * A crew member as stored. `workerId` with `joined: true` is a worker who accepted the leader's
 * invitation (in an application's copy of the crew). A `workerId` without `joined` was linked by
 * phone alone before invitations existed: it is not a link and is never read as one.
 */
export interface StoredCrewMember {
  id: string;
  name: string;
  phone: string | null;
  birthYear: number | null;
  workerId?: string | null;
  joined?: boolean;
}

type CrewMember = StoredCrewMember;

/** Pure rules of crews: who a leader may pick, who an admin may accept, who is on the roster. */

const refuse = (field: string, code: ApplicationErrorCode, message: string) =>
  new AppError(code, message, [{ field, code, message }]);

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
    throw new AppError(codes.GROUP_TOO_LARGE, `a group leader can bring at most ${worker.groupSize} people`, [
      {
        field: 'memberIds',
        code: codes.GROUP_TOO_LARGE,
        message: `a group leader can bring at most ${worker.groupSize} people`,
        limit: worker.groupSize,
      },
    ]);
  if (!vacancy.groupLeadersAccepted)
    throw refuse('memberIds', codes.GROUP_NOT_ACCEPTED, 'this vacancy does not accept group leaders');
  const known = new Set(crew.map((member) => member.id));
  if (memberIds.some((id) => !known.has(id)))
    throw refuse('memberIds', codes.NOT_CREW_MEMBER, 'every member must be one of your crew');
}

/** An admin accepts k of the n picked members: each accepted id must be one of them. */
export function checkAcceptedPart(crew: CrewMember[] | undefined, memberIds: string[]): CrewMember[] {
  if (!crew || crew.length === 0)
    throw new AppError(codes.NOT_A_CREW, 'this application brings no named crew');
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

/**
 * The worker a member is linked to: only one who accepted the leader's invitation. A phone alone
 * links nobody (members linked by phone before invitations existed carry a workerId without `joined`).
 */
export const linkedWorkerOf = (member: CrewMember): string | null =>
  member.joined === true ? (member.workerId ?? null) : null;

/** Invitations the invited worker answered, by `memberKey` (an Accepted one wins over a Declined one). */
export type InvitationAnswers = ReadonlyMap<string, { state: 'Accepted' | 'Declined'; workerId: string }>;

/** A member entry and its phone: an invitation answers for that phone only (a changed phone is invited anew). */
export const memberKey = (memberId: string, phone: string) => `${memberId}|${phone}`;

export function invitationAnswers(
  answered: { memberId: string; phone: string; workerId: string; state: string }[],
): InvitationAnswers {
  const answers = new Map<string, { state: 'Accepted' | 'Declined'; workerId: string }>();
  for (const invitation of answered) {
    if (invitation.state !== 'Accepted' && invitation.state !== 'Declined') continue;
    const key = memberKey(invitation.memberId, invitation.phone);
    if (answers.get(key)?.state === 'Accepted') continue;
    answers.set(key, { state: invitation.state, workerId: invitation.workerId });
  }
  return answers;
}

/**
 * What the leader sees of a member's link. Every phone not joined or declined is `invited`, whether
 * or not a worker registered with it, so the answer tells nobody which phones are registered.
 */
export function memberLinkOf(member: CrewMember, answers: InvitationAnswers): CrewMemberLink | null {
  if (!member.phone) return null;
  const answer = answers.get(memberKey(member.id, member.phone));
  if (!answer) return 'invited';
  return answer.state === 'Accepted' ? 'joined' : 'declined';
}

/** A member as copied onto an application: linked to the worker who accepted its invitation, if any. */
export function withConsentedLink(member: CrewMember, answers: InvitationAnswers): CrewMember {
  const answer = member.phone ? answers.get(memberKey(member.id, member.phone)) : undefined;
  const { workerId: _unconsented, joined: _joined, ...plain } = member;
  return answer?.state === 'Accepted' ? { ...plain, workerId: answer.workerId, joined: true } : plain;
}

/** A leader's daily allowance of crew saves and of new phones (each may send an invitation). */
export interface CrewLimits {
  savesPerDay: number;
  newPhonesPerDay: number;
}

/** Refuses a save past the day's allowance; `phonesToday` includes the phones this save adds. */
export function checkCrewQuota(limits: CrewLimits, savesToday: number, phonesToday: number): void {
  if (savesToday >= limits.savesPerDay)
    throw new AppError(codes.CREW_SAVES_DAILY_LIMIT, 'too many crew saves today, try again tomorrow');
  if (phonesToday > limits.newPhonesPerDay)
    throw new AppError(codes.CREW_PHONES_DAILY_LIMIT, `at most ${limits.newPhonesPerDay} new phones a day`, [
      {
        field: 'members',
        code: codes.CREW_PHONES_DAILY_LIMIT,
        message: `at most ${limits.newPhonesPerDay} new phones a day`,
        limit: limits.newPhonesPerDay,
      },
    ]);
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
      .map((member) => ({ personId: member.id, workerId: linkedWorkerOf(member), member })),
  ];
}

/** Came counts the marked people who came. */
export const cameCount = (attendance: Record<string, Attendance> | undefined) =>
  Object.values(attendance ?? {}).filter((value) => value === 'Came').length;
