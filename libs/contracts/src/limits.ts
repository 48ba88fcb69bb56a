/** Business constants and limits of spec §9, named once for server and web. */
export const FEATURED_PRICE_RSD = 1500;
export const HOURS_PER_DAY_MIN = 1;
export const HOURS_PER_DAY_MAX = 16;
export const DEFAULT_WORK_START = '07:00';
export const DEFAULT_WORK_END = '16:00';
export const VACANCY_MAX_DAYS = 60;
/** How far ahead a moba may start: one season's planning, refusing typos such as a year too late. */
export const VACANCY_START_HORIZON_DAYS = 365;
export const TITLE_MAX = 70;
export const DESCRIPTION_MAX = 500;
export const RATING_COMMENT_MAX = 300;
export const RATING_GRADE_MIN = 1;
export const RATING_GRADE_MAX = 5;
/** "under 700" and "under 500": the longest allowed length is one less. */
export const PROFILE_DESCRIPTION_MAX = 699;
export const SKILLS_MAX = 499;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024 - 1;
export const PASSWORD_MIN = 8;
export const MIN_AGE_YEARS = 16;
export const BPG_DIGITS = 12;
export const PIB_DIGITS = 9;
export const GROUP_SIZE_MIN = 5;
export const GROUP_SIZE_MAX = 200;
export const SEARCH_MIN = 3;
export const DONATION_TIERS_RSD = [
  { id: 'small', min: 1, max: 5000 },
  { id: 'medium', min: 5000, max: 10000 },
  { id: 'large', min: 10000, max: null },
] as const;
export const DONATION_METHODS = ['qr', 'slip', 'card'] as const;
export const TOAST_MS = 3000;
export const DEFAULT_LANGUAGE = 'sr';
export const ROUTER_REDIRECT_LIMIT = 100;
export const DAYS_PER_MONTH_RELATIVE = 30;
export const NOTE_MAX = 1000;
export const CONTACT_MESSAGE_MAX = 2000;
export const NAME_MAX = 60;
export const PAGE_SIZE_MAX = 100;
