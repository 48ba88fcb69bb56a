/** The shared schemas' issues as error tokens (see issue-token.ts), for hand-held forms and react-hook-form. */
import type { FieldError, FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { detailsFromIssues } from '@moba/contracts/errors';
import { issueToken } from './issue-token';

/** The first error token of each top-level field. */
export function issuesByField(issues: readonly z.core.$ZodIssue[], input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const detail of detailsFromIssues(issues, input)) {
    const field = detail.field.split('.')[0] ?? '_form';
    if (!(field in out)) out[field] = issueToken(detail);
  }
  return out;
}

/**
 * Puts an error at a dotted path of nested objects, keeping the first error of each field; a rule
 * of a whole list next to the errors of its items goes to the list's `root`, as react-hook-form has it.
 */
function setFirst(target: Record<string, unknown>, path: string[], error: FieldError) {
  const [head, ...rest] = path;
  const here = target[head] as Record<string, unknown> | undefined;
  if (rest.length === 0) {
    if (here === undefined) target[head] = error;
    else if (!('message' in here)) here.root ??= error;
    return;
  }
  const next = here === undefined ? {} : 'message' in here ? { root: here } : here;
  target[head] = next;
  setFirst(next, rest, error);
}

/**
 * react-hook-form resolver with a shared schema whose errors are tokens (see issueToken). `read`
 * turns a form that holds values as typed (an amount as "1.500,50") into the body the schema checks;
 * the body's fields keep the form's names.
 */
export function codedResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output>;
export function codedResolver<Values extends FieldValues, Body, Output>(
  schema: z.ZodType<Output, Body>,
  read: (values: Values) => Body,
): Resolver<Values, unknown, Output>;
export function codedResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output>,
  read: (values: Values) => unknown = (values) => values,
): Resolver<Values, unknown, Output> {
  return async (values, _context, options) => {
    const body = read(values);
    const result = await schema.safeParseAsync(body);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const detail of detailsFromIssues(result.error.issues, body)) {
      const error: FieldError = {
        type: detail.code,
        message: issueToken(detail),
        ref: options.fields[detail.field]?.ref,
      };
      setFirst(errors, detail.field.split('.'), error);
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}

/**
 * A refused call's field tokens (apiErrorInfo(error).fields, named as the shared schema names
 * them) onto the form's own fields; true when at least one landed, so the page need not say the
 * same again above the button.
 */
export function setServerFieldErrors<Values extends FieldValues>(
  tokens: Record<string, string>,
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
): boolean {
  const known = new Set<string>(fields);
  let shown = false;
  for (const [field, token] of Object.entries(tokens)) {
    if (!known.has(field)) continue;
    setError(field as Path<Values>, { message: token }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
