import cropsData from './crops.json';
import jobActivitiesData from './job-activities.json';
import type { PrimaryIndustry } from '../enums';

/** The crops and job activities (small lists, what a moba card names), apart from the place lists in index.ts. */
export interface Crop {
  id: string;
  sr: string;
  en: string;
  industry: PrimaryIndustry;
  /** Months (1–12) the crop is harvested in, where the reference data knows them (shared/data/agri.json). */
  harvestMonths?: number[];
}
export interface JobActivity {
  id: string;
  sr: string;
  en: string;
}

export const crops: readonly Crop[] = cropsData as Crop[];
export const jobActivities: readonly JobActivity[] = jobActivitiesData;
