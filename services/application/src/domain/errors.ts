import { ALREADY_APPLIED_BODY, GUEST_ALREADY_APPLIED_BODY, applicationErrorCodes } from '@moba/contracts';
import { AppError } from '@moba/platform';

export { AppError, applicationErrorCodes };
const codes = applicationErrorCodes;

/** The coded errors of this service (spec §8 texts as messages; literal bodies where the spec names them). */
export const errors = {
  alreadyApplied: () =>
    new AppError(codes.ALREADY_APPLIED, 'already applied', undefined, ALREADY_APPLIED_BODY),
  guestAlreadyApplied: () =>
    new AppError(codes.ALREADY_APPLIED, 'already applied', undefined, GUEST_ALREADY_APPLIED_BODY),
  vacancyNotFound: () => new AppError(codes.VACANCY_NOT_FOUND, 'vacancy not found'),
  vacancyNotOpen: () => new AppError(codes.VACANCY_NOT_OPEN, 'the vacancy is not open for applications'),
  vacancyHeld: () =>
    new AppError(codes.VACANCY_HELD, 'the vacancy is held for review and takes no applications now'),
  decisionInterrupted: () =>
    new AppError(
      codes.DECISION_INTERRUPTED,
      'the decision was interrupted after it took places; they stay reserved for this application until it is decided again or given back automatically',
    ),
  noFreePositions: () => new AppError(codes.NO_FREE_POSITIONS, 'not enough free positions'),
  applicationNotFound: () => new AppError(codes.NOT_FOUND, 'application not found'),
  notPending: () => new AppError(codes.NOT_PENDING, 'the application is no longer pending'),
  guestNotFound: () => new AppError(codes.GUEST_NOT_FOUND, 'guest application not found'),
  notVacancyOwner: () => new AppError(codes.NOT_VACANCY_OWNER, 'not your vacancy'),
  batchIdReused: () =>
    new AppError(codes.BATCH_ID_REUSED, 'this batchId was used for another bulk decision', [
      { field: 'batchId', code: codes.BATCH_ID_REUSED, message: 'already used for another request' },
    ]),
  batchNotFound: () => new AppError(codes.BATCH_NOT_FOUND, 'bulk decision not found'),
  crewInvitationNotFound: () => new AppError(codes.CREW_INVITATION_NOT_FOUND, 'crew invitation not found'),
  notOnMoba: () =>
    new AppError(
      codes.NOT_ON_MOBA,
      "only the moba's accepted people, its estate and admins see its meeting details",
    ),
  crewInvitationAnswered: () =>
    new AppError(codes.CREW_INVITATION_ANSWERED, 'this crew invitation was already answered'),
  notAccepted: () => new AppError(codes.NOT_ACCEPTED, 'the application holds no accepted place'),
  noStandbyOffer: () => new AppError(codes.NO_STANDBY_OFFER, 'no place is on offer for this application now'),
  confirmationNotAsked: () =>
    new AppError(codes.CONFIRMATION_NOT_ASKED, 'no confirmation has been asked of this application'),
  confirmationAnswered: () =>
    new AppError(codes.CONFIRMATION_ANSWERED, 'this confirmation was already answered'),
  confirmationClosed: () =>
    new AppError(codes.CONFIRMATION_CLOSED, 'the deadline of this confirmation has passed'),
  notAWorkDay: () =>
    new AppError(codes.NOT_A_WORK_DAY, 'not a work day of this moba', [
      { field: 'day', code: codes.NOT_A_WORK_DAY, message: 'not a work day of this moba' },
    ]),
};
