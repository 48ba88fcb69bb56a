// Cross-field rules, applied (with superRefine) to any object that has the fields.
import { regionSchema } from '../../enums';
import { ruleIssue } from '../../errors';
import { MIN_AGE_YEARS } from '../../limits';
import { isKnownMunicipality } from '../../reference';
import type { Region } from '../../enums';
import { isOldEnough, isoToday, normalizePhone } from './rules';

interface CheckContext {
  addIssue(issue: ReturnType<typeof ruleIssue>): void;
}

/** password === confirmPassword (when both fields are part of the object). */
export function checkPasswordConfirmation(
  value: { password?: unknown; confirmPassword?: unknown },
  ctx: CheckContext,
) {
  if (typeof value.password === 'string' && value.confirmPassword !== value.password) {
    ctx.addIssue(ruleIssue(['confirmPassword'], 'password_mismatch', 'passwords do not match'));
  }
}

export function checkPhoneForCountry(value: { phone?: unknown; phoneCountry?: unknown }, ctx: CheckContext) {
  if (typeof value.phone !== 'string' || typeof value.phoneCountry !== 'string') return;
  if (!normalizePhone(value.phone, value.phoneCountry)) {
    ctx.addIssue(ruleIssue(['phone'], 'invalid_phone', 'phone is not a valid number for the chosen country'));
  }
}

export function checkAge(value: { dateOfBirth?: unknown }, ctx: CheckContext) {
  if (typeof value.dateOfBirth !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value.dateOfBirth)) return;
  if (value.dateOfBirth > isoToday()) {
    ctx.addIssue(ruleIssue(['dateOfBirth'], 'date_in_future', 'date of birth is in the future'));
  } else if (!isOldEnough(value.dateOfBirth)) {
    ctx.addIssue(
      ruleIssue(['dateOfBirth'], 'min_age', `must be at least ${MIN_AGE_YEARS} years old`, MIN_AGE_YEARS),
    );
  }
}

export function checkGroupLeader(value: { groupLeader?: unknown; groupSize?: unknown }, ctx: CheckContext) {
  if (value.groupLeader === true && value.groupSize === undefined) {
    ctx.addIssue(
      ruleIssue(['groupSize'], 'group_size_required', 'number of people is required for a group leader'),
    );
  }
}

/** The municipality must be on the shared list of the region (Serbia when no region is given). */
export function checkMunicipality(value: { municipality?: unknown; region?: unknown }, ctx: CheckContext) {
  if (typeof value.municipality !== 'string') return;
  const region = (typeof value.region === 'string' ? value.region : 'RS') as Region;
  if (!regionSchema.safeParse(region).success) return;
  if (!isKnownMunicipality(value.municipality.trim(), region)) {
    ctx.addIssue(ruleIssue(['municipality'], 'unknown_municipality', 'unknown municipality for the region'));
  }
}

/** Every cross-field rule of sign-up; a rule is skipped when its fields are not in the object. */
export function checkSignupRules(value: Record<string, unknown>, ctx: CheckContext) {
  checkPasswordConfirmation(value, ctx);
  checkPhoneForCountry(value, ctx);
  checkAge(value, ctx);
  checkGroupLeader(value, ctx);
  checkMunicipality(value, ctx);
}
