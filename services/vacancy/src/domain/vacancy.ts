import type { BaseDoc, WithOutbox } from '@moba/platform';
import type {
  ConfirmationSettings,
  MeetingDetails,
  Featuring,
  ListingReview,
  PaymentType,
  EstateRatingSummary,
  PromiseFigure,
  Region,
  VacancyItem,
  VacancyStatus,
} from '@moba/contracts';
import { applicationsClosedByDate } from '@moba/contracts';

/** A vacancy as stored: the item fields plus bookkeeping (outbox, processed event ids, soft delete). */
export interface VacancyDoc extends BaseDoc, WithOutbox {
  estateId: string;
  estateName: string;
  title: string;
  description: string;
  municipality: string;
  region: Region;
  district?: string;
  crops: string[];
  jobActivities: string[];
  startDate: string;
  endDate: string;
  workStartTime: string;
  workEndTime: string;
  hoursPerDay: number;
  paymentType: PaymentType;
  dailyWage?: number;
  norm?: string;
  normPrice?: number;
  foodProvided: boolean;
  transportProvided: boolean;
  accommodationProvided: boolean;
  groupLeadersAccepted: boolean;
  sponsored: boolean;
  featuring: Featuring;
  featured: boolean;
  urgent: false;
  status: VacancyStatus;
  totalPositions: number;
  freePositions: number;
  createdAt: string;
  /** Set while a paid featuring runs (status Pending): the payment timeout counts from here. */
  pendingSince?: string;
  deletedAt?: string;
  /** Ids of the ApplicationAccepted events already counted (guards the counter against redelivery). */
  appliedEvents: string[];
  /**
   * The version of the last VacancyPlacesChanged applied (the application service's count of free
   * places); once set, the free count follows only those events, highest version wins.
   */
  placesVersion?: number;
  /** Closed only because it was full: reopens when places are freed before applications close by date. */
  closedFull?: boolean;
  /** `${paymentId}:${outcome}` of the payment events already applied. */
  paymentOutcomes: string[];
  /** The estate's trust facts, copied from the estate replica (replicate-estate-trust). */
  estateVerified?: boolean;
  estateVerifiedAt?: string;
  estatePromises?: PromiseFigure;
  /** Held for an admin, reported by workers, or decided (review-listings). */
  review?: ListingReview;
  /** Meeting details and confirmation settings (set-day-of-work): private, never copied by toItem. */
  dayOfWork?: StoredDayOfWork;
}

/** A vacancy's day of work as the estate set it; vacancies older than the field have none. */
export interface StoredDayOfWork {
  meeting: MeetingDetails | null;
  confirmation: ConfirmationSettings;
  setAt: string;
}

/** The estate replica: its name (from auth events) and the vacancy that used its promo. */
export interface EstateDoc extends BaseDoc {
  estateName?: string;
  firstPromoVacancyId?: string;
  /** Verified by an admin (auth's EstateVerificationChanged), as of `verifiedAt` (the change's time). */
  verified?: boolean;
  verifiedAt?: string;
  /** "Promises kept" (rating's RatingSubmitted): the figure with the most jobs heard. */
  promises?: PromiseFigure;
  /** The workers' ratings of the estate (rating's RatingSubmitted): the summary of the most ratings. */
  rating?: EstateRatingSummary;
}

/** The estate's trust facts a new vacancy starts with. */
export const estateTrustOf = (estate: EstateDoc | null | undefined) => ({
  ...(estate?.verified !== undefined
    ? { estateVerified: estate.verified, estateVerifiedAt: estate.verifiedAt }
    : {}),
  ...(estate?.promises ? { estatePromises: estate.promises } : {}),
});

/** Whether a day lies in the promo period (both ends included). */
export const inPromo = (today: string, promo: { start: string; end: string }) =>
  promo.start <= today && today <= promo.end;

/**
 * The featuring of a new vacancy: nothing unless sponsored; free when it is the estate's first vacancy
 * in the promo period (featured at once); otherwise paid (Pending until the payment ends).
 */
export function decideFeaturing(sponsored: boolean, firstInPromo: boolean): Featuring {
  if (!sponsored) return 'none';
  return firstInPromo ? 'free' : 'paid';
}

/**
 * The status a settled (not Pending) vacancy should have on a day (ARCHITECTURE §6):
 * Finished after the end date; Closed when full or once the start date has passed (applications are
 * taken through the first working day, so a vacancy starting today is still Open); otherwise Open.
 * A Closed vacancy never reopens.
 */
export function statusOn(
  vacancy: Pick<VacancyDoc, 'status' | 'startDate' | 'endDate' | 'freePositions'>,
  today: string,
): VacancyStatus {
  if (vacancy.status === 'Finished') return 'Finished';
  if (today > vacancy.endDate) return 'Finished';
  if (vacancy.status === 'Closed') return 'Closed';
  if (vacancy.freePositions <= 0 || applicationsClosedByDate(vacancy.startDate, today)) return 'Closed';
  return 'Open';
}

/** Where a moba is, what work and crops, and its dates: as the lists and VacancyCreated carry them. */
export const whereAndWhenOf = (doc: VacancyDoc) => ({
  municipality: doc.municipality,
  region: doc.region,
  ...(doc.district ? { district: doc.district } : {}),
  crops: doc.crops,
  jobActivities: doc.jobActivities,
  startDate: doc.startDate,
  endDate: doc.endDate,
});

/** The answer shape of every list (no bookkeeping fields). */
export function toItem(doc: VacancyDoc): VacancyItem {
  return {
    id: doc._id,
    estateId: doc.estateId,
    estateName: doc.estateName,
    title: doc.title,
    description: doc.description,
    ...whereAndWhenOf(doc),
    workStartTime: doc.workStartTime,
    workEndTime: doc.workEndTime,
    hoursPerDay: doc.hoursPerDay,
    paymentType: doc.paymentType,
    ...(doc.dailyWage !== undefined ? { dailyWage: doc.dailyWage } : {}),
    ...(doc.norm !== undefined ? { norm: doc.norm } : {}),
    ...(doc.normPrice !== undefined ? { normPrice: doc.normPrice } : {}),
    foodProvided: doc.foodProvided,
    transportProvided: doc.transportProvided,
    accommodationProvided: doc.accommodationProvided,
    groupLeadersAccepted: doc.groupLeadersAccepted,
    sponsored: doc.sponsored,
    featuring: doc.featuring,
    featured: doc.featured,
    urgent: false,
    status: doc.status,
    totalPositions: doc.totalPositions,
    freePositions: doc.freePositions,
    filled: doc.freePositions <= 0,
    createdAt: doc.createdAt,
    ...(doc.estateVerified ? { estateVerified: true } : {}),
    ...(doc.estatePromises ? { estatePromises: doc.estatePromises } : {}),
    ...(doc.review ? { review: doc.review } : {}),
  };
}

/** Hidden from browse: held for review, or its reports weigh enough (report-weight.ts), until an admin decides. */
export const hiddenFromBrowse = (doc: Pick<VacancyDoc, 'review'>) => doc.review?.hidden === true;
