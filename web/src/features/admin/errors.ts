import { GUEST_ALREADY_APPLIED_BODY, applicationErrorCodes, authErrorCodes } from '@moba/contracts';
import { apiErrorInfo } from '../../lib/api';

/** The admin actions whose failures spec §8 names. */
export type AdminAction =
  'accept' | 'reject' | 'guestAccept' | 'note' | 'ban' | 'reactivate' | 'stats' | 'load';

export interface AdminErrorText {
  /** The spec §8 text of the action (admin namespace key). */
  key: string;
  /** Why, when the server said so in a way we know (admin namespace key), else null. */
  reasonKey: string | null;
}

const reasons: Record<string, string> = {
  [applicationErrorCodes.ALREADY_APPLIED]: 'reasons.alreadyApplied',
  [applicationErrorCodes.NOT_PENDING]: 'reasons.notPending',
  [applicationErrorCodes.NO_FREE_POSITIONS]: 'reasons.noFreePositions',
  [applicationErrorCodes.VACANCY_NOT_OPEN]: 'reasons.vacancyNotOpen',
  [applicationErrorCodes.VACANCY_NOT_FOUND]: 'reasons.vacancyNotFound',
  [applicationErrorCodes.NOT_FOUND]: 'reasons.applicationNotFound',
  [applicationErrorCodes.GUEST_NOT_FOUND]: 'reasons.applicationNotFound',
  [applicationErrorCodes.GROUP_NOT_ACCEPTED]: 'reasons.groupNotAccepted',
  [applicationErrorCodes.BATCH_ID_REUSED]: 'reasons.batchIdReused',
  [applicationErrorCodes.VACANCY_HELD]: 'reasons.vacancyHeld',
  [applicationErrorCodes.DECISION_INTERRUPTED]: 'reasons.decisionInterrupted',
  [authErrorCodes.USER_NOT_FOUND]: 'reasons.userNotFound',
  [authErrorCodes.ALREADY_BANNED]: 'reasons.alreadyBanned',
  [authErrorCodes.NOT_BANNED]: 'reasons.notBanned',
  [authErrorCodes.CANNOT_BAN_ADMIN]: 'reasons.cannotBanAdmin',
};

/** The reason text of an error code, when the admin screens know it. */
export const reasonKeyOf = (code: string | undefined | null): string | null =>
  code ? (reasons[code] ?? null) : null;

const actionKeys: Record<AdminAction, string> = {
  accept: 'errors.accept',
  reject: 'errors.reject',
  guestAccept: 'errors.accept',
  note: 'errors.note',
  ban: 'errors.ban',
  reactivate: 'errors.reactivate',
  stats: 'errors.stats',
  load: 'errors.load',
};

/**
 * The message of a failed admin call: the action's own text (spec §8: accept/reject application
 * errors, ban/reactivate errors, statistics loading error) and, when known, the reason. A guest
 * accepted twice into one vacancy answers the literal body 'already applied' (recognised separately).
 */
export function adminErrorText(action: AdminAction, error: unknown): AdminErrorText {
  const info = apiErrorInfo(error);
  if (action === 'guestAccept' && info.message?.trim().toLowerCase() === GUEST_ALREADY_APPLIED_BODY) {
    return { key: 'errors.alreadyApplied', reasonKey: null };
  }
  if (info.status === 'FETCH_ERROR' || info.status === 'TIMEOUT_ERROR')
    return { key: actionKeys[action], reasonKey: 'reasons.network' };
  const reasonKey = info.code ? (reasons[info.code] ?? null) : null;
  if (action === 'guestAccept' && info.code === applicationErrorCodes.ALREADY_APPLIED)
    return { key: 'errors.alreadyApplied', reasonKey: null };
  return { key: actionKeys[action], reasonKey };
}
