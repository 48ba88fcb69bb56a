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
