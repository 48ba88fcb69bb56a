/**
 * Turns the shared schemas' messages (English developer texts from libs/contracts) and the
 * server's 400 details into translation keys of the common namespace, so every language shows
 * the rule in its own words. An unrecognised message falls back to "check the value".
 */
import { BPG_DIGITS, GROUP_SIZE_MAX, GROUP_SIZE_MIN, PIB_DIGITS } from '@moba/contracts/limits';

export interface Translated {
  key: string;
  params?: Record<string, unknown>;
}

const rules: [RegExp, (m: RegExpMatchArray) => Translated][] = [
  [/email already exists/i, () => ({ key: 'errors:AUTH.EMAIL_EXISTS' })],
  [/phone already exists/i, () => ({ key: 'errors:AUTH.PHONE_EXISTS' })],
  [/passwords? do not match/i, () => ({ key: 'common:validation.passwordMatch' })],
  [
    /at least (\d+) characters/i,
    (m) => ({ key: 'common:validation.passwordMin', params: { min: Number(m[1]) } }),
  ],
  [/at least (\d+) years/i, (m) => ({ key: 'common:validation.age', params: { min: Number(m[1]) } })],
  [/in the future/i, () => ({ key: 'common:validation.future' })],
  [/terms/i, () => ({ key: 'common:validation.terms' })],
  [/BPG/, () => ({ key: 'common:validation.bpg', params: { digits: BPG_DIGITS } })],
  [/PIB check digit/i, () => ({ key: 'common:validation.pibCheck' })],
  [/PIB/, () => ({ key: 'common:validation.pib', params: { digits: PIB_DIGITS } })],
  [/municipality/i, () => ({ key: 'common:validation.municipality' })],
  [
    /number of people|must be at least (\d+)$|must be at most (\d+)$|must be a number \d+-\d+/i,
    () => ({ key: 'common:validation.groupSize', params: { min: GROUP_SIZE_MIN, max: GROUP_SIZE_MAX } }),
  ],
  [/month/i, () => ({ key: 'common:validation.months' })],
  [/valid email/i, () => ({ key: 'common:validation.email' })],
  [/phone/i, () => ({ key: 'common:validation.phone' })],
  [/at most|too long/i, () => ({ key: 'common:validation.tooLong' })],
  [/required|expected|received undefined|invalid option|^$/i, () => ({ key: 'common:validation.required' })],
];

export function translateIssue(message: string | undefined): Translated {
  const text = message ?? '';
  for (const [pattern, make] of rules) {
    const match = text.match(pattern);
    if (match) return make(match);
  }
  return { key: 'common:validation.invalid' };
}

/** Zod issues → first message per top-level field. */
export function issuesByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '_form');
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}
