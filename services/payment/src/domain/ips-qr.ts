/**
 * NBS IPS QR code ("NBS IPS QR kôd") text and the Serbian account / reference check digits.
 * Rules from shared/data/payments-rs.md §1: TAG:value pairs joined by '|', order K V C R N I (P) SF S RO,
 * no empty optional tags, no leading/trailing separator or blank, UTF-8 (C:1), R = 18 digits passing
 * ISO 7064 MOD 97-10, I = RSD + amount with a decimal comma, SF = 3 digits (first 1 or 2),
 * N ≤ 70, S ≤ 35, RO = model + reference ≤ 25.
 */

export const IPS_LIMITS = { N: 70, S: 35, RO: 25, P: 70 } as const;
/**
 * Characters NBS allows in N (payee name): letters (Serbian Latin and Cyrillic included), digits,
 * blank, the special characters of the table on nbs.rs/QRcode/info_lat.html, and CR LF between lines.
 */
export const IPS_NAME_CHARACTERS = /^[\p{L}\p{N} !(/@})[:~#*;\]$+<^%,=_"&\->`.?{'\r\n]+$/u;
/** Non-cash transaction ordered by a citizen (šifra plaćanja 289): what a bank app's IPS transfer is. */
export const PAYMENT_CODE_NON_CASH_CITIZEN = '289';
/** Cash payment by a citizen at a counter with the paper slip (189). */
export const PAYMENT_CODE_CASH_CITIZEN = '189';
export const REFERENCE_MODEL_97 = '97';

/** ISO 7064 MOD 97-10 remainder of a digit string (BigInt: 18 digits exceed 2^53). */
const mod97 = (digits: string) => Number(BigInt(digits) % 97n);

/** Two control digits for a body: 98 − (body × 100 mod 97), zero-padded. */
export function mod97Control(body: string): string {
  if (!/^\d+$/.test(body)) throw new Error('mod97Control takes digits only');
  return String(98 - mod97(`${body}00`)).padStart(2, '0');
}

/** An 18-digit account is valid when the whole number mod 97 is 1. */
export function isValidAccount(digits: string): boolean {
  return /^\d{18}$/.test(digits) && mod97(digits) === 1;
}

/**
 * Normalises an account to the 18 digits IPS wants: 3-digit bank + 13-digit number (zero-padded in
 * the middle) + 2 control digits. Accepts 18 digits, or the dashed form 840-955845-10. Null if neither.
 */
export function accountDigitsOf(input: string): string | null {
  const compact = input.replace(/\s+/g, '');
  if (/^\d{18}$/.test(compact)) return compact;
  const dashed = /^(\d{3})-(\d{1,13})-(\d{2})$/.exec(compact);
  if (!dashed) return null;
  return `${dashed[1]}${dashed[2].padStart(13, '0')}${dashed[3]}`;
}

/** 160000000012345654 → 160-0000000123456-54 (the form printed on a slip). */
export function formatAccount(digits: string): string {
  return `${digits.slice(0, 3)}-${digits.slice(3, 16)}-${digits.slice(16)}`;
}

/** Amount for tag I: RSD + integer part + ',' + two decimals, no thousands separator (RSD1500,00). */
export function ipsAmount(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0.01) throw new Error('IPS amount must be at least 0,01');
  return `RSD${amount.toFixed(2).replace('.', ',')}`;
}

/** Amount as printed on a slip: 1.500,00 */
export function slipAmount(amount: number): string {
  const [int, dec] = amount.toFixed(2).split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec}`;
}

/** A model-97 reference: 2 control digits then the body (digits). */
export function model97Reference(body: string): string {
  return `${mod97Control(body)}${body}`;
}

/** A model-97 reference is valid when (body + control) mod 97 is 1, i.e. the control recomputes. */
export function isValidModel97Reference(reference: string): boolean {
  if (!/^\d{3,23}$/.test(reference)) return false;
  return mod97Control(reference.slice(2)) === reference.slice(0, 2);
}

export interface IpsQrFields {
  /** 18-digit payee account. */
  account: string;
  /** Payee name; a second line (place) is joined with CR LF. */
  payeeName: string;
  payeePlace?: string;
  amount: number;
  /** Payer name and address (P), lines joined with CR LF; usually left for the payer's app. */
  payer?: string;
  paymentCode: string;
  purpose?: string;
  /** Model + reference, e.g. 97 + 4512…; omitted when absent. */
  model?: string;
  reference?: string;
}

export class IpsQrError extends Error {
  constructor(
    readonly tag: string,
    message: string,
  ) {
    super(`IPS QR ${tag}: ${message}`);
    this.name = 'IpsQrError';
  }
}

const check = (ok: boolean, tag: string, message: string) => {
  if (!ok) throw new IpsQrError(tag, message);
};

/** Builds the NBS IPS QR text for a payee's bill (K:PR). Throws IpsQrError naming the tag on a bad value. */
export function buildIpsQrPayload(fields: IpsQrFields): string {
  const name = fields.payeePlace ? `${fields.payeeName}\r\n${fields.payeePlace}` : fields.payeeName;
  const ro = fields.model || fields.reference ? `${fields.model ?? ''}${fields.reference ?? ''}` : undefined;
  check(isValidAccount(fields.account), 'R', 'account must be 18 digits with valid MOD 97 control digits');
  check(
    name.length > 0 && name.length <= IPS_LIMITS.N,
    'N',
    `payee name must be 1–${IPS_LIMITS.N} characters`,
  );
  check(IPS_NAME_CHARACTERS.test(name), 'N', 'payee name has a character NBS does not allow');
  check(/^[12]\d\d$/.test(fields.paymentCode), 'SF', 'payment code must be 3 digits starting with 1 or 2');
  if (fields.payer !== undefined)
    check(fields.payer.length <= IPS_LIMITS.P, 'P', `payer must be at most ${IPS_LIMITS.P} characters`);
  if (fields.purpose !== undefined)
    check(
      fields.purpose.length > 0 && fields.purpose.length <= IPS_LIMITS.S,
      'S',
      `purpose must be 1–${IPS_LIMITS.S} characters`,
    );
  if (ro !== undefined) {
    check(
      /^\d{2}[0-9A-Za-z-]+$/.test(ro) && ro.length <= IPS_LIMITS.RO,
      'RO',
      `model and reference must be 2 digits + reference, ≤ ${IPS_LIMITS.RO}`,
    );
    if (fields.model === REFERENCE_MODEL_97)
      check(
        isValidModel97Reference(fields.reference ?? ''),
        'RO',
        'model 97 reference fails its control digits',
      );
  }
  const pairs: [string, string | undefined][] = [
    ['K', 'PR'],
    ['V', '01'],
    ['C', '1'],
    ['R', fields.account],
    ['N', name],
    ['I', ipsAmount(fields.amount)],
    ['P', fields.payer],
    ['SF', fields.paymentCode],
    ['S', fields.purpose],
    ['RO', ro],
  ];
  for (const [tag, value] of pairs) {
    if (value !== undefined) check(!value.includes('|'), tag, "value must not contain '|'");
  }
  // An optional tag with no value is left out entirely (no `|S:|`); no trailing separator.
  return pairs
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([tag, value]) => `${tag}:${value}`)
    .join('|');
}

/** Splits an IPS QR text into [tag, value] pairs in order (for tests and diagnostics). */
export function parseIpsQrPayload(payload: string): [string, string][] {
  return payload.split('|').map((field) => {
    const colon = field.indexOf(':');
    return [field.slice(0, colon), field.slice(colon + 1)];
  });
}
