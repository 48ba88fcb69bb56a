import { z } from 'zod';
import { detailsFromIssues, type ErrorDetail } from '@moba/contracts';

/**
 * The core throws coded errors, never HTTP errors. The status travels with the code so one express
 * handler can answer for every service; `literalBody` keeps the spec's plain-text bodies ('Already applied').
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string = code,
    readonly details?: ErrorDetail[],
    readonly literalBody?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, message: string, details?: ErrorDetail[]) =>
  new AppError(code, 400, message, details);
export const unauthenticated = (message = 'authentication required') =>
  new AppError('UNAUTHENTICATED', 401, message);
export const forbidden = (message = 'not allowed') => new AppError('FORBIDDEN', 403, message);
export const notFound = (what = 'resource') => new AppError('NOT_FOUND', 404, `${what} not found`);
export const conflict = (code: string, message: string, literalBody?: string) =>
  new AppError(code, 409, message, undefined, literalBody);

/** Parses untrusted input with a contract schema; a failure is a 400 that names every bad field. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, where = ''): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = detailsFromIssues(result.error.issues, input, where);
  const fields = [...new Set(details.map((d) => d.field))].join(', ');
  throw new AppError('VALIDATION', 400, `invalid ${fields}`, details);
}
