import { AppError } from '@moba/platform';
import {
  RATING_ERROR_FOR_ESTATE,
  RATING_ERROR_FOR_WORKER,
  type RatingErrorCode,
  type ErrorDetail,
} from '@moba/contracts';

/** A coded refusal; the message is the spec's user text for the side that rates. */
export function ratingError(code: RatingErrorCode, ratedRole: 'Worker' | 'Estate', details?: ErrorDetail[]) {
  return new AppError(
    code,
    ratedRole === 'Estate' ? RATING_ERROR_FOR_ESTATE : RATING_ERROR_FOR_WORKER,
    details,
  );
}
