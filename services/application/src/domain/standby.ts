/**
 * Pure rule of who hears of freed places: the pending applicants in the order they applied, each
 * only if all it brings fits in the free places (a crew is offered only whole), workers only.
 */
export function fittingStandby<
  T extends { workerId: string | null; positions: number; submittedAt: string; guest: boolean },
>(pending: readonly T[], freePositions: number): T[] {
  return [...pending]
    .filter((a) => !a.guest && a.workerId !== null && a.positions <= freePositions)
    .sort((a, b) => a.submittedAt.localeCompare(b.submittedAt));
}
