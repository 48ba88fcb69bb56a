/**
 * Values the web needs on its first screens, in a module without zod: importing them does not pull
 * the schemas into a page's download. enums.ts and the api modules re-export them.
 */
export const paymentTypes = ['DailyWage', 'Norm', 'ByAgreement'] as const;

/** The spec's literal bodies (§8): applying twice, and accepting a guest into the same vacancy twice. */
export const ALREADY_APPLIED_BODY = 'Already applied';
export const GUEST_ALREADY_APPLIED_BODY = 'already applied';
