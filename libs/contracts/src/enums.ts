import { z } from 'zod';
import { paymentTypes, regions } from './plain-values';

export const roles = ['Worker', 'Estate', 'Admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** 'Review': held for an admin before it may open (listing-review.ts). */
export const vacancyStatuses = ['Open', 'Pending', 'Closed', 'Finished', 'Review'] as const;
export const vacancyStatusSchema = z.enum(vacancyStatuses);
export type VacancyStatus = z.infer<typeof vacancyStatusSchema>;

export const primaryIndustries = ['Voćarstvo', 'Povrtarstvo', 'Ratarstvo'] as const;
export const primaryIndustrySchema = z.enum(primaryIndustries);
export type PrimaryIndustry = z.infer<typeof primaryIndustrySchema>;

export const estateSizes = ['UpTo50a', 'From50aTo1ha', 'From1To10ha', 'From10To100ha', 'Over100ha'] as const;
export const estateSizeSchema = z.enum(estateSizes);
export type EstateSize = z.infer<typeof estateSizeSchema>;

export const entityTypeKinds = ['Worker', 'Estate'] as const;
export const entityTypeKindSchema = z.enum(entityTypeKinds);

export const jobTypeKinds = ['Product', 'JobActivity'] as const;
export const jobTypeKindSchema = z.enum(jobTypeKinds);

export const ratingNotificationActions = ['RateEstate', 'RateWorkers'] as const;
export const ratingNotificationActionSchema = z.enum(ratingNotificationActions);
export type RatingNotificationAction = z.infer<typeof ratingNotificationActionSchema>;

export const genders = ['male', 'female', 'other'] as const;
export const genderSchema = z.enum(genders);
export type Gender = z.infer<typeof genderSchema>;

export { regions } from './plain-values';
export const regionSchema = z.enum(regions);
export type Region = z.infer<typeof regionSchema>;

export const applicationStatuses = ['Pending', 'Accepted', 'Rejected', 'Closed', 'Cancelled'] as const;
export const applicationStatusSchema = z.enum(applicationStatuses);
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

export { paymentTypes } from './plain-values';
export const paymentTypeSchema = z.enum(paymentTypes);
export type PaymentType = z.infer<typeof paymentTypeSchema>;

export const userStatuses = ['Active', 'Banned'] as const;
export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** The reader's language and script: sr is Serbian Latin, sr-Cyrl Serbian Cyrillic (mails, notifications). */
export const languages = ['sr', 'sr-Cyrl', 'en'] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;
