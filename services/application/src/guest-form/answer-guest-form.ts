import type { IncomingMessage, ServerResponse } from 'node:http';
import { guestSignupRequestSchema } from '@moba/contracts';
import { AppError } from '@moba/platform';
import type { AppContext } from '../context';
import { signUpGuest } from '../guest-applications/guest-applications';
import { fixPage, formLanguage, guestFormFields, sentPage } from './guest-form-page';

const FORM_LIMIT_BYTES = 10_000;
const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export const isFormPost = (req: IncomingMessage) =>
  /^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '');

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let size = 0;
  const parts: Buffer[] = [];
  for await (const part of req as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > FORM_LIMIT_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'form too large');
    parts.push(part);
  }
  return new URLSearchParams(Buffer.concat(parts).toString('utf8'));
}

/**
 * The guest form sent by a browser without JavaScript: the same schema and use case as the JSON
 * call, answered with a page. Wrong input gets 400 and the form again with every wrong field
 * named, and nothing is written.
 */
export async function answerGuestForm(ctx: AppContext, req: IncomingMessage, res: ServerResponse) {
  const form = await readForm(req);
  const language = formLanguage(form.get('lang'));
  const values = Object.fromEntries(guestFormFields.map((f) => [f, form.get(f) ?? '']));
  const parsed = guestSignupRequestSchema.safeParse({ ...values, note: values.note || undefined });
  res.setHeader('content-security-policy', PAGE_POLICY);
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  if (!parsed.success) {
    const wrong = new Set(
      parsed.error.issues.map((i) => i.path[0]).filter((f) => guestFormFields.includes(f as never)),
    ) as Set<(typeof guestFormFields)[number]>;
    res.statusCode = 400;
    res.end(fixPage(language, values, wrong));
    return;
  }
  await signUpGuest(ctx, parsed.data);
  res.statusCode = 201;
  res.end(sentPage(language));
}
