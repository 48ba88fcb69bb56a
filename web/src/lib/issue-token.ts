/**
 * Field errors travel through the forms as tokens of a stable code and its limit ("too_big:1000"),
 * made from the shared schemas' issues (validation.ts) or from the server's 400 details alike, and
 * are translated here: an issue code reads `common:validation.<code>`, a service code
 * `errors:<code>`. No English text from the schemas or the server is ever shown. Free of zod, so
 * pages without forms do not load it.
 */
export interface Translated {
  key: string;
  params?: Record<string, unknown>;
}

interface Coded {
  code: string;
  limit?: number | string;
}

export const issueToken = ({ code, limit }: Coded): string =>
  limit === undefined ? code : `${code}:${limit}`;

/**
 * A token (or nothing) → the key and parameters of its text; `namespace` may word a code its own
 * way, for one field (`<namespace>:issues.<field>.<code>`) or for all (`<namespace>:issues.<code>`).
 */
export function translateIssue(
  token: string | undefined,
  namespace?: string,
  field?: string,
): Translated & { fallbacks: string[] } {
  const [code = '', rawLimit] = (token ?? '').split(':');
  const limit =
    rawLimit === undefined ? undefined : /^-?\d+(\.\d+)?$/.test(rawLimit) ? Number(rawLimit) : rawLimit;
  // A numeric limit is also the `count` that picks a text's plural form ("najviše 2 dana").
  const params =
    limit === undefined ? undefined : typeof limit === 'number' ? { limit, count: limit } : { limit };
  if (code.includes('.')) return { key: `errors:${code}`, params, fallbacks: ['common:validation.invalid'] };
  const own = namespace
    ? [...(field ? [`${namespace}:issues.${field}.${code}`] : []), `${namespace}:issues.${code}`]
    : [];
  const [key, ...rest] = [...own, `common:validation.${code || 'invalid'}`, 'common:validation.invalid'];
  return { key, params, fallbacks: rest };
}

/** The server's 400 details → the first token of each field (as the server named it). */
export function fieldsFromDetails(
  details: readonly { field: string; code?: string; limit?: number | string }[],
) {
  const out: Record<string, string> = {};
  for (const d of details)
    if (!(d.field in out)) out[d.field] = issueToken({ code: d.code ?? 'invalid', limit: d.limit });
  return out;
}
