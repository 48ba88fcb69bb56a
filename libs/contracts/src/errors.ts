import { z } from 'zod';

/**
 * The one error shape every service answers: a stable `code` the web translates, an English
 * `message` for developers, and per field a `details` entry with its own stable code and, where
 * the rule has one, the limit (`{field: 'body.numberOfWorkers', code: 'too_big', limit: 1000}`).
 * The web never reads `message`: a reworded server text cannot reach a screen untranslated.
 */
export const issueCodes = [
  // what any schema can say about a value
  'required',
  'not_text',
  'not_number',
  'not_integer',
  'not_boolean',
  'not_list',
  'too_long',
  'too_short',
  'too_big',
  'too_small',
  'too_many_items',
  'too_few_items',
  'invalid_option',
  'invalid_email',
  'invalid_phone',
  'invalid_date',
  'invalid_time',
  'invalid_id',
  'unknown_field',
  'invalid',
  // the rules of the product, named where they are written (limit: the number the rule names)
  'password_mismatch',
  'date_in_future',
  'min_age',
  'terms_required',
  'bpg_digits',
  'pib_digits',
  'pib_check',
  'unknown_municipality',
  'unknown_crop',
  'unknown_job_activity',
  'months_repeat',
  'group_size_required',
  'phone_in_text',
  'date_in_past',
  'end_before_start',
  'too_many_days',
  'start_too_far',
  'same_time',
  'work_duration',
  'hours_mismatch',
  'daily_wage_required',
  'norm_required',
  'norm_price_required',
  'coming_soon',
  'decimals',
  'tier_mismatch',
  'rating_comment_required',
  'duplicate',
  'file_type',
  'file_too_large',
  'not_offered',
  'money_request',
  'deadline_before_ask',
  'day_outside_moba',
] as const;
export type IssueCode = (typeof issueCodes)[number];

/** One field refused by a schema; a service may refuse a field by its own rule too (`ErrorDetail`). */
export interface IssueDetail {
  field: string;
  code: IssueCode;
  message: string;
  limit?: number | string;
}
export const errorDetailSchema = z.object({
  field: z.string(),
  code: z.string(),
  message: z.string(),
  limit: z.union([z.number(), z.string()]).optional(),
});
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(errorDetailSchema).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Codes shared by every service; each area adds its own in its api file. */
export const commonErrorCodes = {
  VALIDATION: 'VALIDATION',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** The data store did not answer within its time limits (a held lock, no free connection): retry shortly. */
  STORE_UNAVAILABLE: 'STORE_UNAVAILABLE',
  GATEWAY_TIMEOUT: 'GATEWAY_TIMEOUT',
  INTERNAL: 'INTERNAL',
  /** Gateway answers before any service: a wrong method of a dev route, an oversized or malformed request. */
  METHOD: 'METHOD',
  REQUEST_TOO_LARGE: 'REQUEST_TOO_LARGE',
  BAD_REQUEST: 'BAD_REQUEST',
  /** A form post larger than a form can be. */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
} as const;

// ── Writing a rule with its code ────────────────────────────────────────────────────────────────

/** The params of a refinement: `.refine(ok, rule('phone_in_text', 'must not contain a phone number'))`. */
export const rule = (code: IssueCode, message: string, limit?: number | string) => ({
  message,
  params: limit === undefined ? { code } : { code, limit },
});

/** The issue of a cross-field rule: `ctx.addIssue(ruleIssue(['endDate'], 'end_before_start', '…'))`. */
export const ruleIssue = (
  path: (string | number)[],
  code: IssueCode,
  message: string,
  limit?: number | string,
) => ({
  code: 'custom' as const,
  path,
  ...rule(code, message, limit),
});

/**
 * The type error of a field that says which is wrong: missing, or sent as another type
 * (`z.string({ error: missingOr('reason', 'text') })`: 123 reads "reason must be text").
 */
export const missingOr =
  (what: string, kind: 'text' | 'a number' | 'true or false') =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null ? `${what} is required` : `${what} must be ${kind}`;

// ── Reading a zod failure as coded details ──────────────────────────────────────────────────────

const isIssueCode = (value: unknown): value is IssueCode =>
  typeof value === 'string' && (issueCodes as readonly string[]).includes(value);

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const isMissing = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const typeCodes: Record<string, IssueCode> = {
  string: 'not_text',
  number: 'not_number',
  int: 'not_integer',
  boolean: 'not_boolean',
  array: 'not_list',
};

const formatCodes: Record<string, IssueCode> = {
  email: 'invalid_email',
  date: 'invalid_date',
  time: 'invalid_time',
  uuid: 'invalid_id',
};

const asLimit = (bound: unknown): number | string | undefined =>
  typeof bound === 'number' || typeof bound === 'string'
    ? bound
    : typeof bound === 'bigint'
      ? Number(bound)
      : bound instanceof Date
        ? bound.toISOString().slice(0, 10)
        : undefined;

/** The stable code (and limit) of one zod issue; `value` is what was sent at the issue's path. */
export function codeOfIssue(
  issue: z.core.$ZodIssue,
  value: unknown,
): { code: IssueCode; limit?: number | string } {
  switch (issue.code) {
    case 'custom': {
      const params = issue.params as { code?: unknown; limit?: unknown } | undefined;
      const limit = asLimit(params?.limit);
      return {
        code: isIssueCode(params?.code) ? params.code : 'invalid',
        ...(limit === undefined ? {} : { limit }),
      };
    }
    case 'invalid_type':
      if (isMissing(value)) return { code: 'required' };
      return { code: typeCodes[issue.expected] ?? 'invalid' };
    case 'too_small': {
      const limit = asLimit(issue.minimum);
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        if (Number(issue.minimum) <= 1) return { code: 'required' };
        return { code: issue.origin === 'string' ? 'too_short' : 'too_few_items', limit };
      }
      return { code: 'too_small', limit };
    }
    case 'too_big': {
      const limit = asLimit(issue.maximum);
      if (issue.origin === 'string') return { code: 'too_long', limit };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'too_many_items', limit };
      if (issue.origin === 'file') return { code: 'file_too_large', limit };
      return { code: 'too_big', limit };
    }
    case 'invalid_format':
      return {
        code: formatCodes[issue.format] ?? (issue.format.startsWith('uuid') ? 'invalid_id' : 'invalid'),
      };
    case 'invalid_value':
    case 'invalid_union':
      return { code: isMissing(value) ? 'required' : 'invalid_option' };
    case 'unrecognized_keys':
      return { code: 'unknown_field' };
    default:
      return { code: 'invalid' };
  }
}

/**
 * Every issue of a failed parse as a coded detail; `input` is what was parsed (to tell a missing
 * value from a wrong one) and `prefix` names where it came from ('body', 'query').
 */
export function detailsFromIssues(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  prefix = '',
): IssueDetail[] {
  return issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix || '(root)',
    ...codeOfIssue(issue, valueAt(input, issue.path)),
    message: issue.message,
  }));
}
