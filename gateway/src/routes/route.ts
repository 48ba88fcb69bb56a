import type { z } from 'zod';
import type { Role } from '@moba/contracts';

export type ServiceName = 'auth' | 'vacancy' | 'application' | 'rating' | 'payment' | 'notification';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** 'public': anyone; 'user': any signed-in role; a role list: only those roles. */
export type Access = 'public' | 'user' | readonly Role[];

export interface RouteSpec {
  method: Method;
  /** Path under /api; `:name` matches one segment. */
  path: string;
  service: ServiceName;
  access: Access;
  /** Named limiter for abuse-prone routes (login, signup, reset, guest, contact, crew saves). */
  rateLimit?: 'login' | 'signup' | 'reset' | 'guest' | 'contact' | 'payment' | 'crew';
  /** Where a user acts on an object that may be someone else's (authorization tests cover IDOR). */
  ownsObject?: boolean;
  /** Contract schemas for the OpenAPI document at /api/docs. */
  body?: z.ZodType;
  response?: z.ZodType;
  summary?: string;
  /** The success status (200 unless the route creates something: 201; a redirect: 303). */
  status?: 200 | 201 | 303;
  /** The success body when it is not JSON. */
  contentType?: 'text/plain' | 'text/html' | 'image/webp';
  /**
   * The route also takes its body as a form post (application/x-www-form-urlencoded) from a browser
   * without JavaScript and answers it with an HTML page: the success page, or on a 400 the form again.
   */
  htmlForm?: true;
  /** Refusals of the use case beyond validation and authorization (404, 409, …). */
  refusals?: readonly number[];
}

export const route = (
  method: Method,
  path: string,
  service: ServiceName,
  access: Access,
  extra: Partial<RouteSpec> = {},
): RouteSpec => ({
  method,
  path,
  service,
  access,
  ...extra,
});
