import {
  accountDigitsOf,
  buildIpsQrPayload,
  formatAccount,
  ipsAmount,
  isValidAccount,
  isValidModel97Reference,
  model97Reference,
  mod97Control,
  parseIpsQrPayload,
  slipAmount,
} from '../src/domain/ips-qr';
import { qrPngDataUrl } from '../src/donation-instructions/donation-instructions';
import { decodeQrDataUrl } from './qr-decode';

const base = {
  account: '160000000012345654',
  payeeName: 'Fondacija Moba',
  payeePlace: 'Novi Sad',
  amount: 1500,
  paymentCode: '289',
  purpose: 'Donacija platformi Moba',
};

describe('NBS IPS QR text', () => {
  test('reproduces the NBS sample string of the EPS bill exactly', () => {
    const payload = buildIpsQrPayload({
      account: '845000000040484987',
      payeeName: 'JP EPS BEOGRAD',
      payeePlace: 'BALKANSKA 13',
      amount: 3596.13,
      payer: 'MRĐO MAČKATOVIĆ\r\nŽUPSKA 13\r\nBEOGRAD 6',
      paymentCode: '189',
      purpose: 'UPLATA PO RAČUNU ZA EL. ENERGIJU',
      model: '97',
      reference: '163220000111111111000',
    });
    expect(payload).toBe(
      'K:PR|V:01|C:1|R:845000000040484987|N:JP EPS BEOGRAD\r\nBALKANSKA 13|I:RSD3596,13|P:MRĐO MAČKATOVIĆ\r\nŽUPSKA 13\r\nBEOGRAD 6|SF:189|S:UPLATA PO RAČUNU ZA EL. ENERGIJU|RO:97163220000111111111000',
    );
  });

  test('accounts are 18 digits, zero-padded in the middle, passing ISO 7064 MOD 97-10 (NBS examples)', () => {
    expect(accountDigitsOf('840-955845-10')).toBe('840000000095584510');
    expect(accountDigitsOf('165-55-74')).toBe('165000000000005574');
    expect(accountDigitsOf('310-1234567891211-86')).toBe('310123456789121186');
    expect(accountDigitsOf('845000000040484987')).toBe('845000000040484987');
    expect(accountDigitsOf('RS35845000000040484987')).toBeNull();
    for (const valid of [
      '840000000095584510',
      '165000000000005574',
      '310123456789121186',
      '845000000040484987',
      '160000000012345654',
    ]) {
      expect(isValidAccount(valid)).toBe(true);
    }
    expect(isValidAccount('160000000012345655')).toBe(false);
    expect(isValidAccount('16000000001234565')).toBe(false);
    expect(mod97Control('1600000000123456')).toBe('54');
    expect(formatAccount('160000000012345654')).toBe('160-0000000123456-54');
  });

  test('the amount is RSD with a mandatory decimal comma and no thousands separator', () => {
    expect(ipsAmount(1500)).toBe('RSD1500,00');
    expect(ipsAmount(3596.13)).toBe('RSD3596,13');
    expect(ipsAmount(0.01)).toBe('RSD0,01');
    expect(ipsAmount(1234567.5)).toBe('RSD1234567,50');
    expect(() => ipsAmount(0)).toThrow();
    expect(slipAmount(1234567.5)).toBe('1.234.567,50');
  });

  test('model 97 references carry their two control digits first', () => {
    const reference = model97Reference('123456789012');
    expect(reference).toMatch(/^\d{14}$/);
    expect(isValidModel97Reference(reference)).toBe(true);
    expect(isValidModel97Reference('163220000111111111000')).toBe(true);
    expect(isValidModel97Reference('173220000111111111000')).toBe(false);
  });

  test("the payee name takes Serbian letters and NBS's special characters", () => {
    for (const payeeName of [
      'Udruženje "Moba" Đurđevo',
      'Фондација Моба',
      "Moba d.o.o. (Novi Sad) - 'berba' #1 & co; [x]",
    ]) {
      expect(() => buildIpsQrPayload({ ...base, payeeName })).not.toThrow();
    }
  });

  test('an optional tag without a value is left out entirely, with no separator at either end', () => {
    const payload = buildIpsQrPayload({ ...base, purpose: undefined });
    expect(payload).toBe(
      'K:PR|V:01|C:1|R:160000000012345654|N:Fondacija Moba\r\nNovi Sad|I:RSD1500,00|SF:289',
    );
    expect(payload).not.toMatch(/^\||\|$|\|\||^\s|\s$/);
    expect(payload).not.toContain('S:');
  });

  test.each([
    ['R', { account: '160000000012345655' }],
    ['N', { payeeName: 'x'.repeat(71), payeePlace: undefined }],
    ['N', { payeeName: 'x'.repeat(60), payeePlace: 'y'.repeat(9) }],
    ['N', { payeeName: 'Moba §1' }],
    ['N', { payeeName: 'Udruženje „Moba“' }],
    ['N', { payeeName: 'Moba\tBeograd' }],
    ['SF', { paymentCode: '389' }],
    ['SF', { paymentCode: '28' }],
    ['S', { purpose: 'x'.repeat(36) }],
    ['S', { purpose: 'a|b' }],
    ['RO', { model: '97', reference: '00123456789012' }],
    ['RO', { model: '97', reference: model97Reference('1'.repeat(22)) }],
  ])('a bad %s value is refused naming the tag', (tag, override) => {
    expect(() => buildIpsQrPayload({ ...base, ...override })).toThrow(new RegExp(`^IPS QR ${tag}:`));
  });

  test('the PNG decodes back to the same UTF-8 payload, Serbian letters included', async () => {
    const payload = buildIpsQrPayload({
      ...base,
      payeeName: 'Fondacija Moba Đurđevo',
      purpose: 'Donacija – čišćenje šljivika',
      model: '97',
      reference: model97Reference('123456789012'),
    });
    const dataUrl = await qrPngDataUrl(payload);
    expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    expect(decodeQrDataUrl(dataUrl)).toBe(payload);
    expect(parseIpsQrPayload(payload).map(([tag]) => tag)).toEqual([
      'K',
      'V',
      'C',
      'R',
      'N',
      'I',
      'SF',
      'S',
      'RO',
    ]);
  });
});
