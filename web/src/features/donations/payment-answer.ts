import { paymentErrorCodes, paymentErrorTexts } from '@moba/contracts';

export type CreateAnswer =
  { url: string } | { status: 'invalid' | 'unavailable' | 'unknown'; code: string | null };

/**
 * The answer of POST /payment/create (spec §7: text — a checkout URL, or an error text, §8):
 * 'invalid payment parameters', 'payment URL not available', or an unknown error with its code.
 */
export function createAnswerOf(
  status: number | string,
  text: string | null,
  headerCode: string | null,
): CreateAnswer {
  const body = (text ?? '').trim();
  if (typeof status === 'number' && status >= 200 && status < 300 && /^(https?:\/\/|\/)\S+$/.test(body))
    return { url: body };
  const lower = body.toLowerCase();
  if (
    lower === paymentErrorTexts.invalidParameters.toLowerCase() ||
    headerCode === paymentErrorCodes.INVALID_PARAMETERS
  )
    return { status: 'invalid', code: headerCode };
  if (
    lower === paymentErrorTexts.urlNotAvailable.toLowerCase() ||
    headerCode === paymentErrorCodes.URL_NOT_AVAILABLE
  )
    return { status: 'unavailable', code: headerCode };
  const fromText = body.match(/\(code\s+([^)\s]+)\)/i)?.[1] ?? null;
  return { status: 'unknown', code: fromText ?? headerCode ?? String(status) };
}
