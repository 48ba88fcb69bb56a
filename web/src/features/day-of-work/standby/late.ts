import { allDaysOf, isLateRelease, nextStart, type PlaceReleaseReason } from '@moba/contracts';

/** The server's late rule, for the warning before a worker cancels or an estate removes someone. */
export const releaseIsLate = (
  reason: PlaceReleaseReason,
  moba: { startDate: string; endDate: string },
  now: Date = new Date(),
) => isLateRelease(reason, nextStart(allDaysOf(moba.startDate, moba.endDate), now), now);
