import { guestSignupRequestSchema } from '@moba/contracts/api/application';
import { issuesByField } from '../../lib/validation';
import { fieldsFromDetails } from '../../lib/issue-token';

export interface GuestForm {
  firstName: string;
  lastName: string;
  phone: string;
  municipality: string;
  note?: string;
}

export type GuestResult =
  | { ok: true }
  | { ok: false; fields: Record<string, string>; formError: 'tooMany' | 'unknown' | 'network' | null };

/**
 * Validates with the shared schema and posts to POST /api/signup-guest. Loaded only when the
 * visitor sends the form, so the home page does not carry zod or the phone rules.
 */
export async function submitGuest(form: GuestForm): Promise<GuestResult> {
  const input = { ...form, note: form.note || undefined };
  const parsed = guestSignupRequestSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, fields: issuesByField(parsed.error.issues, input), formError: null };
  let response: Response;
  try {
    response = await fetch('/api/signup-guest', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(parsed.data),
    });
  } catch {
    return { ok: false, fields: {}, formError: 'network' };
  }
  if (response.ok) return { ok: true };
  if (response.status === 429) return { ok: false, fields: {}, formError: 'tooMany' };
  const body = (await response.json().catch(() => null)) as {
    error?: { details?: { field: string; code?: string; limit?: number }[] };
  } | null;
  const fields = fieldsFromDetails(body?.error?.details ?? []);
  return { ok: false, fields, formError: Object.keys(fields).length ? null : 'unknown' };
}
