import {
  greatCircleKm,
  municipalityNames,
  regions,
  seatOf,
  withinKmChoices,
  type LatLng,
  type Region,
} from '@moba/contracts';

/**
 * The index of job alerts: each alert is filed under one key per month and crop it wants (`*` for an
 * alert that wants any crop), naming its radius and its home municipality. Homes are municipality
 * seats, so a moba can name exactly the homes each radius reaches: per radius, the municipalities
 * whose seat lies within it, in the moba's months, for its crops and `*`. Every entry such a lookup
 * finds is an alert whose distance, month and crop the moba meets; only the wage and the activities
 * are left to check (jobAlertWishesMet). (A grid of cells read about 2.5 entries per worker told,
 * the homes in the corners of each box farther than the radius; these keys read one per worker and
 * month the moba spans.)
 */

/** The crop part of the key of an alert that wants any crop. */
export const ANY_CROP = '*';

/** Where a worker lives, as the profile names it. */
export interface Home {
  municipality: string;
  region: Region;
}

const keyOf = (radiusKm: number, home: Home, month: number, crop: string) =>
  `${radiusKm}|${home.region}|${home.municipality}|${month}|${crop}`;

/** One key an alert is filed under, with the month and crop it stands for. */
export interface AlertKey {
  key: string;
  month: number;
  crop: string;
}

/** The keys an alert is filed under: its radius, its home, each month × each crop. */
export function alertKeys(
  home: Home,
  radiusKm: number,
  months: readonly number[],
  crops: readonly string[],
): AlertKey[] {
  const wanted = crops.length ? [...new Set(crops)] : [ANY_CROP];
  return [...new Set(months)].flatMap((month) =>
    wanted.map((crop) => ({ key: keyOf(radiusKm, home, month, crop), month, crop })),
  );
}

interface SeatedHome extends Home {
  seat: LatLng;
}

let seatedHomes: SeatedHome[] | undefined;
/** Every municipality of every region with a known seat, each name once: where a home can be. */
function everySeatedHome(): SeatedHome[] {
  seatedHomes ??= regions.flatMap((region) =>
    [...new Set(municipalityNames(region))].flatMap((municipality) => {
      const seat = seatOf(municipality, region);
      return seat ? [{ municipality, region, seat }] : [];
    }),
  );
  return seatedHomes;
}

const reachedFrom = new Map<string, Home[][]>();
/** Per radius an alert may have, the homes whose seat lies within it of `seat` (remembered per seat). */
function homesWithin(seat: LatLng): Home[][] {
  const at = `${seat[0]},${seat[1]}`;
  let homes = reachedFrom.get(at);
  if (!homes) {
    const distances = everySeatedHome().map((home) => ({ home, km: greatCircleKm(home.seat, seat) }));
    homes = withinKmChoices.map((radiusKm) =>
      distances.filter(({ km }) => km <= radiusKm).map(({ home }) => home),
    );
    reachedFrom.set(at, homes);
  }
  return homes;
}

/**
 * The keys a moba at `seat` looks up: for each radius an alert may have, every home within it, in
 * each of the moba's months, for each of its crops and for any crop.
 */
export function mobaKeys(seat: LatLng, months: readonly number[], crops: readonly string[]): string[] {
  const wanted = [...new Set(crops), ANY_CROP];
  return homesWithin(seat).flatMap((homes, i) => {
    const radiusKm = withinKmChoices[i]!;
    return homes.flatMap((home) =>
      months.flatMap((month) => wanted.map((crop) => keyOf(radiusKm, home, month, crop))),
    );
  });
}

/** The calendar months (1-12) a moba from `startDate` to `endDate` (yyyy-mm-dd) works in. */
export function monthsBetween(startDate: string, endDate: string): number[] {
  const [startYear, startMonth] = startDate.split('-').map(Number) as [number, number];
  const [endYear, endMonth] = endDate.split('-').map(Number) as [number, number];
  const span = (endYear - startYear) * 12 + endMonth - startMonth;
  const months = Array.from(
    { length: Math.min(Math.max(span, 0), 11) + 1 },
    (_, i) => ((startMonth - 1 + i) % 12) + 1,
  );
  return months.sort((a, b) => a - b);
}
