import municipalitiesRsData from './municipalities-rs.json';
import cityMunicipalitiesData from './city-municipalities-rs.json';
import regionMunicipalitiesData from './municipalities-region.json';
import type { PrimaryIndustry, Region } from '../enums';
import { regions } from '../plain-values';
import { foldForMatch, toCyrillic, toLatin, type Script } from '../script';
import { crops, jobActivities } from './work';

export * from './work';

/** Reference lists the product carries, copied from shared/data by scripts/build-reference.ts. */
export interface MunicipalityRs {
  name: string;
  cyrillic: string;
  district: string;
  districtCyrillic: string;
  city: boolean;
}
export interface CityMunicipality {
  name: string;
  cyrillic: string;
  city: string;
  district: string;
}
export interface RegionalMunicipality {
  name: string;
  native?: string;
  area?: string;
}
export const municipalitiesRs: readonly MunicipalityRs[] = municipalitiesRsData;
export const cityMunicipalitiesRs: readonly CityMunicipality[] = cityMunicipalitiesData;
export const regionMunicipalities: Readonly<Record<Exclude<Region, 'RS'>, readonly RegionalMunicipality[]>> =
  regionMunicipalitiesData as Record<Exclude<Region, 'RS'>, RegionalMunicipality[]>;

/** Serbia's districts (okrug), for filtering by area. */
export const districtsRs: readonly string[] = [...new Set(municipalitiesRs.map((m) => m.district))].sort(
  (a, b) => a.localeCompare(b, 'sr'),
);

/** Every place name a user may pick in a region: Serbia adds the city municipalities (Belgrade's Surčin…). */
export function municipalityNames(region: Region = 'RS'): string[] {
  if (region === 'RS')
    return [...municipalitiesRs.map((m) => m.name), ...cityMunicipalitiesRs.map((m) => m.name)];
  return regionMunicipalities[region].map((m) => m.name);
}

const known = new Map<Region, Set<string>>();
export function isKnownMunicipality(name: string, region: Region = 'RS'): boolean {
  if (!known.has(region)) known.set(region, new Set(municipalityNames(region)));
  return known.get(region)!.has(name);
}

/** Every spelling of a place a user may type, by region: the name and its Cyrillic or native form. */
function placeSpellings(region: Region): { name: string; cyrillic?: string }[] {
  if (region === 'RS') return [...municipalitiesRs, ...cityMunicipalitiesRs];
  return regionMunicipalities[region].map((m) => ({ name: m.name, cyrillic: m.native }));
}

/**
 * Longer than any place or district name in any script: such text is not folded at all (folding a
 * 150 KB string took 95 s, so one request with a huge municipality could hold a process that long).
 */
export const PLACE_TEXT_MAX = 100;

const byFoldedName = new Map<Region, Map<string, string>>();
function foldedIndex(region: Region): Map<string, string> {
  let index = byFoldedName.get(region);
  if (!index) {
    index = new Map();
    for (const place of placeSpellings(region)) {
      index.set(foldForMatch(place.name), place.name);
      if (place.cyrillic) index.set(foldForMatch(place.cyrillic), place.name);
    }
    byFoldedName.set(region, index);
  }
  return index;
}

/**
 * The reference name of a place however it was typed: either script, any case, with or without
 * diacritics ("Ариље" → "Arilje", "cacak" → "Čačak"). Without a region, Serbia is tried first and
 * then the rest of the region. Undefined when no place matches.
 */
export function canonicalMunicipality(typed: string, region?: Region): string | undefined {
  if (typed.length > PLACE_TEXT_MAX) return undefined; // no place is named so long; folding it costs seconds
  const key = foldForMatch(typed);
  if (!key) return undefined;
  const searched = region ? [region] : regions;
  for (const r of searched) {
    const name = foldedIndex(r).get(key);
    if (name) return name;
  }
  return undefined;
}

/** The canonical name when the text names a place, else the text as typed (for the later check). */
export const canonicalOrTyped = (typed: string, region?: Region): string =>
  canonicalMunicipality(typed, region) ?? typed;

/** A reference place name in the reader's script (Latin names carry their Cyrillic spelling); other text is converted. */
export function municipalityInScript(name: string, script: Script): string {
  if (script === 'Latn') return toLatin(name);
  const place =
    municipalitiesRs.find((m) => m.name === name) ?? cityMunicipalitiesRs.find((m) => m.name === name);
  if (place) return place.cyrillic;
  for (const r of regions) {
    if (r === 'RS') continue;
    const found = regionMunicipalities[r].find((m) => m.name === name);
    if (found) return found.native ?? toCyrillic(found.name);
  }
  return toCyrillic(name);
}

/** The place names of a region as suggestions in the reader's script. */
export const municipalityNamesIn = (region: Region, script: Script): string[] =>
  municipalityNames(region).map((name) => municipalityInScript(name, script));

/** The district (okrug) of Serbia however it was typed ("Нишавски", "nisavski" → "Nišavski"). */
export function canonicalDistrict(typed: string): string | undefined {
  if (typed.length > PLACE_TEXT_MAX) return undefined;
  return foldedDistricts().get(foldForMatch(typed));
}

let districtsByFoldedName: Map<string, string> | undefined;
/** Every district under its folded Latin and Cyrillic names; the first municipality listing a spelling wins. */
function foldedDistricts(): Map<string, string> {
  if (!districtsByFoldedName) {
    districtsByFoldedName = new Map();
    for (const m of municipalitiesRs)
      for (const spelling of [m.district, m.districtCyrillic]) {
        const key = foldForMatch(spelling);
        if (!districtsByFoldedName.has(key)) districtsByFoldedName.set(key, m.district);
      }
  }
  return districtsByFoldedName;
}

/** The district of a Serbian municipality or city municipality, if known. */
export function districtOf(name: string): string | undefined {
  return (
    municipalitiesRs.find((m) => m.name === name)?.district ??
    cityMunicipalitiesRs.find((m) => m.name === name)?.district
  );
}

const cropIds = new Set(crops.map((c) => c.id));
const activityIds = new Set(jobActivities.map((a) => a.id));
export const isKnownCrop = (id: string) => cropIds.has(id);
export const isKnownJobActivity = (id: string) => activityIds.has(id);
export const cropsOf = (industry: PrimaryIndustry) => crops.filter((c) => c.industry === industry);

/** PIB: 9 digits, the last an ISO 7064 MOD 11,10 check digit (shared/data/payments-rs.md §3). */
export function isValidPib(pib: string): boolean {
  if (!/^\d{9}$/.test(pib)) return false;
  let t = 10;
  for (const digit of pib.slice(0, 8)) {
    let s = (t + Number(digit)) % 10;
    if (s === 0) s = 10;
    t = (2 * s) % 11;
  }
  return (11 - t) % 10 === Number(pib[8]);
}
