import { commonErrorCodes, type IssueDetail } from './errors';
import { authErrorCodes } from './api/auth/errors';
import { vacancyErrorCodes } from './api/vacancy';
import { applicationErrorCodes } from './api/application';
import { ratingErrorCodes } from './api/rating';
import { paymentErrorCodes } from './api/payment';
import { notificationErrorCodes } from './api/notification';

/**
 * Every `error.code` a service or the gateway can answer. The web has a text for each in both
 * languages (a test walks this list), so no English server text reaches a reader.
 */
export const serviceErrorCodes = [
  ...Object.values(commonErrorCodes),
  ...Object.values(authErrorCodes),
  ...Object.values(vacancyErrorCodes),
  ...Object.values(applicationErrorCodes),
  ...Object.values(ratingErrorCodes),
  ...Object.values(paymentErrorCodes),
  ...Object.values(notificationErrorCodes),
];

type ValueOf<T> = T[keyof T];
export type ApplicationErrorCode = ValueOf<typeof applicationErrorCodes>;
export type ServiceErrorCode =
  | ValueOf<typeof commonErrorCodes>
  | ValueOf<typeof authErrorCodes>
  | ValueOf<typeof vacancyErrorCodes>
  | ApplicationErrorCode
  | ValueOf<typeof ratingErrorCodes>
  | ValueOf<typeof paymentErrorCodes>
  | ValueOf<typeof notificationErrorCodes>;

/**
 * One refused field. `code` is an issue code, or a service's error code where the field was
 * refused by a rule of the service (a bulk rating refused for one worker: RATING.ALREADY_RATED).
 */
export type ErrorDetail = Omit<IssueDetail, 'code'> & { code: IssueDetail['code'] | ServiceErrorCode };

/**
 * The HTTP status of each code: the one place the edge turns a coded error into an answer.
 * PAYMENT.UNKNOWN_ERROR is 502 (the provider failed; the client may retry later), also where the
 * payment router wraps an unexpected failure, which used to answer 500.
 */
export const errorStatus: Record<ServiceErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  STORE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
  INTERNAL: 500,
  METHOD: 405,
  REQUEST_TOO_LARGE: 413,
  BAD_REQUEST: 400,
  PAYLOAD_TOO_LARGE: 413,
  'AUTH.EMAIL_EXISTS': 409,
  'AUTH.PHONE_EXISTS': 409,
  'AUTH.INVALID_CREDENTIALS': 401,
  'AUTH.EMAIL_NOT_VERIFIED': 403,
  'AUTH.BANNED': 403,
  'AUTH.TOO_MANY_ATTEMPTS': 429,
  'AUTH.EMAIL_CONFIRMATION_FAILED': 400,
  'AUTH.EMAIL_NOT_FOUND': 404,
  'AUTH.RESET_LINK_INVALID': 400,
  'AUTH.WRONG_CURRENT_PASSWORD': 400,
  'AUTH.SESSION_EXPIRED': 401,
  'AUTH.TOKEN_REVOKED': 401,
  'AUTH.PROFILE_UPDATE_ERROR': 400,
  'AUTH.PHOTO_UPLOAD_ERROR': 400,
  'AUTH.USER_NOT_FOUND': 404,
  'AUTH.ALREADY_BANNED': 409,
  'AUTH.NOT_BANNED': 409,
  'AUTH.CANNOT_BAN_ADMIN': 400,
  'AUTH.NOT_AN_ESTATE': 404,
  'AUTH.ALREADY_VERIFIED': 409,
  'AUTH.NOT_VERIFIED': 409,
  'VACANCY.URGENT_COMING_SOON': 400,
  'VACANCY.FINISHED': 409,
  'VACANCY.DELETE_FAILED': 409,
  'VACANCY.NOT_FEATURABLE': 409,
  'VACANCY.ALREADY_FEATURED': 409,
  'VACANCY.NOT_FOUND': 404,
  'VACANCY.ALREADY_REPORTED': 409,
  'VACANCY.NOT_REPORTABLE': 409,
  'VACANCY.NOTHING_TO_REVIEW': 409,
  'APPLICATION.ALREADY_APPLIED': 409,
  'APPLICATION.VACANCY_NOT_FOUND': 404,
  'APPLICATION.VACANCY_NOT_OPEN': 409,
  'APPLICATION.NO_FREE_POSITIONS': 409,
  'APPLICATION.GROUP_NOT_ACCEPTED': 400,
  'APPLICATION.NOT_GROUP_LEADER': 400,
  'APPLICATION.GROUP_TOO_LARGE': 400,
  'APPLICATION.NOT_FOUND': 404,
  'APPLICATION.NOT_PENDING': 409,
  'APPLICATION.GUEST_NOT_FOUND': 404,
  'APPLICATION.NOT_VACANCY_OWNER': 403,
  'APPLICATION.NOT_CREW_MEMBER': 400,
  'APPLICATION.NOT_A_CREW': 409,
  'APPLICATION.NOT_STARTED': 409,
  'APPLICATION.NOT_ON_ROSTER': 400,
  'APPLICATION.NOT_A_WORK_DAY': 400,
  'APPLICATION.DAY_NOT_YET': 400,
  'APPLICATION.BATCH_ID_REUSED': 409,
  'APPLICATION.BATCH_NOT_FOUND': 404,
  'APPLICATION.VACANCY_HELD': 409,
  'APPLICATION.DECISION_INTERRUPTED': 503,
  'APPLICATION.CREW_PHONES_DAILY_LIMIT': 429,
  'APPLICATION.CREW_SAVES_DAILY_LIMIT': 429,
  'APPLICATION.CREW_INVITATION_NOT_FOUND': 404,
  'APPLICATION.CREW_INVITATION_ANSWERED': 409,
  'APPLICATION.NOT_ACCEPTED': 409,
  'APPLICATION.NO_STANDBY_OFFER': 409,
  'APPLICATION.CONFIRMATION_NOT_ASKED': 404,
  'APPLICATION.CONFIRMATION_ANSWERED': 409,
  'APPLICATION.CONFIRMATION_CLOSED': 409,
  'APPLICATION.NOT_ON_MOBA': 403,
  'APPLICATION.NO_RECIPIENTS': 409,
  'APPLICATION.BROADCAST_DAILY_LIMIT': 429,
  'APPLICATION.BROADCAST_ID_REUSED': 409,
  'RATING.VACANCY_NOT_FOUND': 404,
  'RATING.VACANCY_NOT_FINISHED': 409,
  'RATING.NOT_A_PARTICIPANT': 403,
  'RATING.NOT_VACANCY_OWNER': 403,
  'RATING.NOT_VACANCY_ESTATE': 400,
  'RATING.ALREADY_RATED': 409,
  'RATING.BULK_REJECTED': 409,
  'PAYMENT.INVALID_PARAMETERS': 400,
  'PAYMENT.URL_NOT_AVAILABLE': 503,
  'PAYMENT.UNKNOWN_ERROR': 502,
  'PAYMENT.VACANCY_NOT_FOUND': 404,
  'PAYMENT.NOT_FEATURABLE': 409,
  'PAYMENT.ALREADY_FEATURED': 409,
  'PAYMENT.NOT_FOUND': 404,
  'PAYMENT.BAD_SIGNATURE': 401,
  'PAYMENT.AMOUNT_MISMATCH': 400,
  'NOTIFICATION.CONTACT_SEND_ERROR': 502,
  'NOTIFICATION.VACANCY_NOT_FOUND': 404,
  'NOTIFICATION.NOT_VACANCY_OWNER': 403,
};

/** The status of a code; a code outside the catalogue is a server fault (500). */
export const httpStatusOf = (code: string): number =>
  (errorStatus as Record<string, number | undefined>)[code] ?? 500;
