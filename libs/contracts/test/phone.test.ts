import fc from 'fast-check';
import { parsePhoneNumberFromString as parseWithMax, type CountryCode } from 'libphonenumber-js/max';
import maxMetadata from 'libphonenumber-js/metadata.max.json';
import { guestPhoneSchema, normalizePhone, regions } from '../src';
import { phoneCountries, phoneMetadata } from '../src/phone';

/** What the product did with the full 157 KB metadata: the reference the small copy must match. */
const normalizeWithMax = (phone: string, country: string): string | null => {
  const parsed = parseWithMax(phone, country as CountryCode);
  return parsed && parsed.isValid() && parsed.country === country ? parsed.number : null;
};

describe('phone numbers of the five regions', () => {
  it('use a copy of the installed max metadata for exactly RS, MK, ME, BA and BG', () => {
    const max = maxMetadata as unknown as {
      version: number;
      country_calling_codes: Record<string, string[]>;
      countries: Record<string, unknown>;
    };
    const copy = phoneMetadata as unknown as typeof max;
    expect([...phoneCountries].sort()).toEqual([...regions].sort());
    expect(copy.version).toBe(max.version);
    for (const country of regions) expect(copy.countries[country]).toEqual(max.countries[country]);
    for (const [code, countries] of Object.entries(copy.country_calling_codes)) {
      expect(max.country_calling_codes[code]).toEqual(countries);
    }
  });

  it('are normalised exactly as the full metadata does, for any digits in any region', () => {
    const prefixes = ['', '0', '00381', '+381', '+389', '+382', '+387', '+359', '+385', '+44'];
    fc.assert(
      fc.property(
        fc.constantFrom(...prefixes),
        fc.stringMatching(/^[0-9]{6,12}$/),
        fc.constantFrom(...regions),
        (prefix, digits, country) => {
          expect(normalizePhone(prefix + digits, country)).toBe(normalizeWithMax(prefix + digits, country));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('accept a real mobile and landline number of each region', () => {
    expect(normalizePhone('064 123 4567', 'RS')).toBe('+381641234567');
    expect(normalizePhone('011 3234567', 'RS')).toBe('+381113234567');
    expect(normalizePhone('070 123 456', 'MK')).toBe('+38970123456');
    expect(normalizePhone('067 123 456', 'ME')).toBe('+38267123456');
    expect(normalizePhone('061 123 456', 'BA')).toBe('+38761123456');
    expect(normalizePhone('0888 123 456', 'BG')).toBe('+359888123456');
    expect(normalizePhone('+381 64 123 4567', 'MK')).toBeNull();
  });

  it('read a guest number as Serbian unless it has a region code, and refuse other countries', () => {
    expect(guestPhoneSchema.parse('064 123 4567')).toBe('+381641234567');
    expect(guestPhoneSchema.parse('+387 61 123 456')).toBe('+38761123456');
    expect(guestPhoneSchema.safeParse('+381 72 2509').success).toBe(false);
    expect(guestPhoneSchema.safeParse('+385 91 234 5678').success).toBe(false);
    expect(guestPhoneSchema.safeParse('').success).toBe(false);
  });
});
