import type { ApplicationErrorCode } from '@moba/contracts';
import { AppError, applicationErrorCodes as codes } from './errors';

/** Pure rules of how many positions an application takes. */

export interface GroupFacts {
  peopleCount: number;
  worker: { groupLeader: boolean; groupSize: number } | null;
  vacancy: { groupLeadersAccepted: boolean };
}

/** A solo worker takes one position; a group leader takes one plus the people they bring. */
export const positionsFor = (peopleCount: number) => 1 + peopleCount;

/**
 * Bringing people needs a group leader's profile, at most its number of people, and a vacancy that
 * accepts group leaders. Throws a coded 400 naming peopleCount.
 */
export function checkGroup({ peopleCount, worker, vacancy }: GroupFacts): void {
  if (peopleCount === 0) return;
  const fail = (code: ApplicationErrorCode, message: string, limit?: number) =>
    new AppError(code, message, [{ field: 'peopleCount', code, message, limit }]);
  if (!worker || !worker.groupLeader)
    throw fail(codes.NOT_GROUP_LEADER, 'only a group leader can bring people');
  if (peopleCount > worker.groupSize)
    throw fail(
      codes.GROUP_TOO_LARGE,
      `a group leader can bring at most ${worker.groupSize} people`,
      worker.groupSize,
    );
  if (!vacancy.groupLeadersAccepted)
    throw fail(codes.GROUP_NOT_ACCEPTED, 'this vacancy does not accept group leaders');
}
