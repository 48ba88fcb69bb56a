import { ratingErrorCodes, type RatingErrorCode } from '@moba/contracts';

/**
 * Who may rate whom, as pure rules. Checks run in this order so a stranger learns nothing about a
 * vacancy's state: the vacancy exists → the caller belongs to it → it is Finished → not rated yet.
 */
export interface VacancyFacts {
  estateId: string;
  status: string;
  deleted: boolean;
}

export type RuleResult = { ok: true } | { ok: false; code: RatingErrorCode };

const ok: RuleResult = { ok: true };
const fail = (code: RatingErrorCode): RuleResult => ({ ok: false, code });

export const FINISHED = 'Finished';

/** A worker may see and rate the estate of a vacancy only when accepted in it and it is Finished. */
export function workerMayRateEstate(
  vacancy: VacancyFacts | null,
  isParticipant: boolean,
  alreadyRated: boolean,
): RuleResult {
  if (!vacancy || vacancy.deleted) return fail(ratingErrorCodes.VACANCY_NOT_FOUND);
  if (!isParticipant) return fail(ratingErrorCodes.NOT_A_PARTICIPANT);
  if (vacancy.status !== FINISHED) return fail(ratingErrorCodes.NOT_FINISHED);
  if (alreadyRated) return fail(ratingErrorCodes.ALREADY_RATED);
  return ok;
}

/** An estate may see the workers of its own Finished vacancy. */
export function estateMayRateVacancy(vacancy: VacancyFacts | null, estateId: string): RuleResult {
  if (!vacancy || vacancy.deleted) return fail(ratingErrorCodes.VACANCY_NOT_FOUND);
  if (vacancy.estateId !== estateId) return fail(ratingErrorCodes.NOT_VACANCY_OWNER);
  if (vacancy.status !== FINISHED) return fail(ratingErrorCodes.NOT_FINISHED);
  return ok;
}

/** ...and rate one of them: an accepted worker of that vacancy, once. */
export function estateMayRateWorker(isParticipant: boolean, alreadyRated: boolean): RuleResult {
  if (!isParticipant) return fail(ratingErrorCodes.NOT_A_PARTICIPANT);
  if (alreadyRated) return fail(ratingErrorCodes.ALREADY_RATED);
  return ok;
}
