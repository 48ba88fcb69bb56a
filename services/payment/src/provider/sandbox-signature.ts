import { createHmac, timingSafeEqual } from 'node:crypto';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** `sha256=<hex>` HMAC-SHA256 of the exact body bytes. */
export function signSandboxBody(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
}

/** Constant-time check of a signature header against the body. */
export function isValidSandboxSignature(
  secret: string,
  rawBody: string,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signSandboxBody(secret, rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
