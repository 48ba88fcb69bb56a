/**
 * SMS length rules (3GPP TS 23.038). A text written only in the GSM-7 default alphabet costs 160
 * characters for one part (153 per part when split); any other character (Cyrillic, č, ć, đ) turns the
 * whole message into UCS-2: 70 characters for one part, 67 per part when split. Characters of the
 * extension table (€ [ ] { } \ ~ ^ |) count twice in GSM-7.
 */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsLength {
  encoding: SmsEncoding;
  /** Characters as the network counts them (an extension character counts twice in GSM-7). */
  units: number;
  parts: number;
}

export const SMS_ONE_PART = { 'GSM-7': 160, 'UCS-2': 70 } as const;
export const SMS_SPLIT_PART = { 'GSM-7': 153, 'UCS-2': 67 } as const;

export const isGsm7 = (text: string) =>
  [...text].every((c) => GSM7_BASIC.includes(c) || GSM7_EXTENDED.includes(c));

export function smsLength(text: string): SmsLength {
  if (isGsm7(text)) {
    const units = [...text].reduce((n, c) => n + (GSM7_EXTENDED.includes(c) ? 2 : 1), 0);
    return { encoding: 'GSM-7', units, parts: partsOf(units, 'GSM-7') };
  }
  // UCS-2 counts UTF-16 code units (an emoji takes two).
  return { encoding: 'UCS-2', units: text.length, parts: partsOf(text.length, 'UCS-2') };
}

const partsOf = (units: number, encoding: SmsEncoding) =>
  units <= SMS_ONE_PART[encoding] ? 1 : Math.ceil(units / SMS_SPLIT_PART[encoding]);

const diacritics: Record<string, string> = {
  č: 'c',
  ć: 'c',
  š: 's',
  ž: 'z',
  đ: 'dj',
  Č: 'C',
  Ć: 'C',
  Š: 'S',
  Ž: 'Z',
  Đ: 'Dj',
};

/**
 * Serbian Latin without diacritics ("cuvanje", "Djurdjevo"), the way Serbian SMS are usually written,
 * and any other character outside GSM-7 replaced by its closest plain letter or dropped, so the text
 * stays in the 160-character alphabet.
 */
export function toGsm7(text: string): string {
  const plain = text.replace(/[čćšžđČĆŠŽĐ]/g, (c) => diacritics[c]!);
  return [...plain.normalize('NFD')]
    .map((c) =>
      isGsm7(c)
        ? c
        : c === '…'
          ? '...'
          : /[\u2018\u2019]/.test(c)
            ? "'"
            : /[\u201C\u201D\u201E]/.test(c)
              ? '"'
              : /[\u2013\u2014]/.test(c)
                ? '-'
                : '',
    )
    .join('')
    .normalize('NFC');
}
