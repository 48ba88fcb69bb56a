import { z } from 'zod';
import { detailsFromIssues, httpStatusOf, type ErrorDetail } from '@moba/contracts';

/**
 * The core throws coded errors, never HTTP errors: the express error handler finds each code's
 * status in the error catalogue (`errorHttpStatus`). `literalBody` keeps the spec's plain-text bodies
 * ('Already applied').
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string = code,
    readonly details?: ErrorDetail[],
    readonly literalBody?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * A live session refused (banned or revoked since its token was issued): always 401, like the
 * gateway's refusal, though AUTH.BANNED answers 403 where a banned account tries to log in.
 */
export class SessionRefused extends AppError {}

/** The one mapping from a coded error to its HTTP status. */
export const errorHttpStatus = (error: AppError): number =>
  error instanceof SessionRefused ? 401 : httpStatusOf(error.code);

export const badRequest = (code: string, message: string, details?: ErrorDetail[]) =>
  new AppError(code, message, details);
export const unauthenticated = (message = 'authentication required') =>
  new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'not allowed') => new AppError('FORBIDDEN', message);
export const notFound = (what = 'resource') => new AppError('NOT_FOUND', `${what} not found`);
export const conflict = (code: string, message: string, literalBody?: string) =>
  new AppError(code, message, undefined, literalBody);

/** Parses untrusted input with a contract schema; a failure is a 400 that names every bad field. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, where = ''): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = detailsFromIssues(result.error.issues, input, where);
  const fields = [...new Set(details.map((d) => d.field))].join(', ');
  throw new AppError('VALIDATION', `invalid ${fields}`, details);
}
