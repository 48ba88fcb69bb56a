import { parsePhoneNumberFromString, type MetadataJson, type PhoneNumber } from 'libphonenumber-js/core';
import metadataJson from './phone-metadata.json';
import type { Region } from './enums';

/**
 * Phone numbers of the product's regions (RS, MK, ME, BA, BG), checked with libphonenumber-js's
 * full ("max") rules for exactly those countries. The metadata is the installed
 * `libphonenumber-js/metadata.max.json` cut down to the five countries (3 KB instead of 157 KB, which
 * the web would otherwise ship to every phone); a contracts test keeps it equal to the installed one.
 * Regenerate after a libphonenumber-js upgrade:
 *   node -e 'const m=require("libphonenumber-js/metadata.max.json"),k=["BA","BG","ME","MK","RS"],c={};
 *     for(const[n,l]of Object.entries(m.country_calling_codes)){const x=l.filter(y=>k.includes(y));if(x.length)c[n]=x}
 *     require("fs").writeFileSync("libs/contracts/src/phone-metadata.json",JSON.stringify({version:m.version,
 *     country_calling_codes:c,countries:Object.fromEntries(k.map(y=>[y,m.countries[y]]))})+"\n")'
 * A number of any other country does not parse (its calling code is unknown here).
 */
export const phoneMetadata = metadataJson as unknown as MetadataJson;

/** The countries whose numbers `parsePhone` knows. */
export const phoneCountries: readonly Region[] = ['BA', 'BG', 'ME', 'MK', 'RS'];

/** Parses a number; a national number (no +) is read as one of `defaultCountry`. */
export const parsePhone = (text: string, defaultCountry: Region): PhoneNumber | undefined =>
  parsePhoneNumberFromString(text, defaultCountry, phoneMetadata);
