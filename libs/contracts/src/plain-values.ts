/**
 * Values the web needs on its first screens, in a module without zod: importing them does not pull
 * the schemas into a page's download. enums.ts, promises.ts and the api modules re-export them.
 */
export const paymentTypes = ['DailyWage', 'Norm', 'ByAgreement'] as const;

/** The spec's literal bodies (§8): applying twice, and accepting a guest into the same vacancy twice. */
export const ALREADY_APPLIED_BODY = 'Already applied';
export const GUEST_ALREADY_APPLIED_BODY = 'already applied';

/** Regions (countries) a user can come from; the ISO code doubles as the phone country. */
export const regions = ['RS', 'MK', 'ME', 'BA', 'BG'] as const;

/** Close codes of the live channel (WebSocket /api/ws/{userId}). */
export const wsCloseCodes = {
  /** Missing, malformed, expired or foreign token, or a token older than the latest password change. */
  unauthenticated: 4401,
  /** The user is banned. */
  banned: 4403,
  /** Origin not allowed (also refused at upgrade with 403). */
  badOrigin: 4400,
} as const;

export const PROMISE_FIGURE_MIN_JOBS = 3;

/** The whole percent of promises kept to show, or null below PROMISE_FIGURE_MIN_JOBS ("new on Moba"). */
export const promisePercent = (figure: { jobs: number; kept: number } | undefined | null): number | null =>
  figure && figure.jobs >= PROMISE_FIGURE_MIN_JOBS ? Math.round((figure.kept * 100) / figure.jobs) : null;
