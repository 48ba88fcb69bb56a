import seatsData from './municipality-seats.json';
import type { Region } from '../enums';

/** Latitude and longitude in degrees. */
export type LatLng = readonly [number, number];

/**
 * The seat of every municipality of the reference lists (GeoNames, CC BY 4.0; see the file's
 * `source`, `licence` and `enteredByHand`), built by scripts/build-municipality-seats.ts.
 */
type Seats = Record<Region, Record<string, LatLng> | undefined>;

/**
 * Where the seat of a municipality of a region is; undefined for a name not on the lists. (The file
 * is read inside the function, so a web bundle that never asks for a seat leaves the data out.)
 */
export const seatOf = (municipality: string, region: Region = 'RS'): LatLng | undefined =>
  (seatsData.seats as unknown as Seats)[region]?.[municipality];

const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points on the earth (haversine), in km. */
export function greatCircleKm(a: LatLng, b: LatLng): number {
  const dLat = radians(b[0] - a[0]);
  const dLng = radians(b[1] - a[1]);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a[0])) * Math.cos(radians(b[0])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The great-circle distance from seat to seat of two municipalities, in whole km; undefined if one is unknown. */
export function distanceBetweenKm(
  from: { municipality: string; region?: Region },
  to: { municipality: string; region?: Region },
): number | undefined {
  const a = seatOf(from.municipality, from.region);
  const b = seatOf(to.municipality, to.region);
  return a && b ? Math.round(greatCircleKm(a, b)) : undefined;
}

/** The distances a browse may be limited to ("within 10 / 30 / 50 / 100 km"). */
export const withinKmChoices = [10, 30, 50, 100] as const;
export type WithinKm = (typeof withinKmChoices)[number];
