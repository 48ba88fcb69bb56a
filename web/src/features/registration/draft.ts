import { readSessionJson, removeSessionItem, sessionKeys, writeSessionJson } from '../../lib/storage';

export type UserType = 'Worker' | 'Estate';

/**
 * The registration draft of spec §3, kept for the browser session (sessionStorage) so a reader can
 * go back and forth between the steps. Passwords are never written to storage: they live only in
 * the form of the last step.
 */
export interface RegistrationDraft {
  userType: UserType;
  // worker: month availability and work details
  availabilityMonths?: number[];
  municipality?: string;
  skills?: string;
  groupLeader?: boolean;
  groupSize?: number;
  transportOrganised?: boolean;
  willingToTravel?: boolean;
  // estate
  estateName?: string;
  bpg?: string;
  pib?: string;
  primaryIndustry?: string;
  cultureTypes?: string[];
  size?: string;
  // basic info
  firstName?: string;
  lastName?: string;
  phone?: string;
  phoneCountry?: string;
  region?: string;
  dateOfBirth?: string;
  gender?: string;
  email?: string;
  termsAccepted?: boolean;
}

const secretFields = ['password', 'confirmPassword'];

export function readDraft(): RegistrationDraft | null {
  const draft = readSessionJson<RegistrationDraft>(sessionKeys.registrationDraft);
  return draft && (draft.userType === 'Worker' || draft.userType === 'Estate') ? draft : null;
}

/** Choosing the user type (again) drops whatever was entered before and starts a new draft. */
export function chooseUserType(userType: UserType): RegistrationDraft {
  const draft: RegistrationDraft = { userType };
  writeSessionJson(sessionKeys.registrationDraft, draft);
  return draft;
}

/** Merges a step's values into the draft (never the passwords). */
export function updateDraft(
  patch: Partial<RegistrationDraft> & Record<string, unknown>,
): RegistrationDraft | null {
  const current = readDraft();
  if (!current) return null;
  const clean = Object.fromEntries(Object.entries(patch).filter(([key]) => !secretFields.includes(key)));
  const next = { ...current, ...clean, userType: current.userType };
  writeSessionJson(sessionKeys.registrationDraft, next);
  return next;
}

export const dropDraft = (): void => removeSessionItem(sessionKeys.registrationDraft);
