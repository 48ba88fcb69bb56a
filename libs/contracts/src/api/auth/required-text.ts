import { z } from 'zod';
import { missingOr } from '../../errors';
import { NAME_MAX } from '../../limits';

// Internal to the auth schemas: index.ts does not re-export it.
export const requiredText = (what: string, max = NAME_MAX) =>
  z
    .string({ error: missingOr(what, 'text') })
    .trim()
    .min(1, { message: `${what} is required` })
    .max(max, { message: `${what} must have at most ${max} characters` });
