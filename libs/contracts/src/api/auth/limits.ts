// Limits that are not business constants of spec §9 (technical bounds).

/** Longest password accepted (argon2 input bound; not a product rule). */
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const BAN_REASON_MAX = 500;
export const CULTURE_TYPES_MAX = 30;
export const AVAILABILITY_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
