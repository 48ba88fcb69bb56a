import { guestSignupRequestSchema } from '@moba/contracts/api/application';
import { issuesByField } from '../../lib/validation';

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
  const parsed = guestSignupRequestSchema.safeParse({ ...form, note: form.note || undefined });
  if (!parsed.success) return { ok: false, fields: issuesByField(parsed.error.issues), formError: null };
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
    error?: { details?: { field: string; message: string }[] };
  } | null;
  const fields: Record<string, string> = {};
  for (const d of body?.error?.details ?? []) fields[d.field] = d.message;
  return { ok: false, fields, formError: Object.keys(fields).length ? null : 'unknown' };
}
