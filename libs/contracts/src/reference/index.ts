import municipalitiesRsData from './municipalities-rs.json';
import cityMunicipalitiesData from './city-municipalities-rs.json';
import regionMunicipalitiesData from './municipalities-region.json';
import cropsData from './crops.json';
import jobActivitiesData from './job-activities.json';
import type { PrimaryIndustry, Region } from '../enums';

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
export interface Crop {
  id: string;
  sr: string;
  en: string;
  industry: PrimaryIndustry;
}
export interface JobActivity {
  id: string;
  sr: string;
  en: string;
}

export const municipalitiesRs: readonly MunicipalityRs[] = municipalitiesRsData;
export const cityMunicipalitiesRs: readonly CityMunicipality[] = cityMunicipalitiesData;
export const regionMunicipalities: Readonly<Record<Exclude<Region, 'RS'>, readonly RegionalMunicipality[]>> =
  regionMunicipalitiesData as Record<Exclude<Region, 'RS'>, RegionalMunicipality[]>;
export const crops: readonly Crop[] = cropsData as Crop[];
export const jobActivities: readonly JobActivity[] = jobActivitiesData;

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
