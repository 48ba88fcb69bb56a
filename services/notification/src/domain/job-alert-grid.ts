import { withinKmChoices, type LatLng } from '@moba/contracts';

/**
 * The index of job alerts: each alert is filed under one key per month and crop it wants (`*` for an
 * alert that wants any crop), naming its radius and the grid cell of its home seat. The grid of a
 * radius has cells half the radius wide, so a moba asks only for the cells of the box of ±radius
 * around its seat (at most 5 × 6 per radius) in its months, for its crops and `*`: a few hundred
 * keys, and every worker it returns lives within about 1.5 radii of the moba and wants one of its
 * crops. The exact distance and the other wishes are then checked on those few (jobAlertMatches).
 */

const KM_PER_DEGREE_LAT = 111.2;
/** The grid's width of a degree of longitude, taken at 45° N (Serbia lies between 42° and 46.2°). */
const KM_PER_DEGREE_LNG = KM_PER_DEGREE_LAT * Math.cos((45 * Math.PI) / 180);

const cellSteps = (radiusKm: number) => ({
  lat: radiusKm / 2 / KM_PER_DEGREE_LAT,
  lng: radiusKm / 2 / KM_PER_DEGREE_LNG,
});

/** The crop part of the key of an alert that wants any crop. */
export const ANY_CROP = '*';

const keyOf = (radiusKm: number, row: number, column: number, month: number, crop: string) =>
  `${radiusKm}|${row}|${column}|${month}|${crop}`;

/** One key an alert is filed under, with the month and crop it stands for. */
export interface AlertKey {
  key: string;
  month: number;
  crop: string;
}

/** The keys an alert is filed under: its radius, the cell of its home seat, each month × each crop. */
export function alertKeys(
  home: LatLng,
  radiusKm: number,
  months: readonly number[],
  crops: readonly string[],
): AlertKey[] {
  const step = cellSteps(radiusKm);
  const row = Math.floor(home[0] / step.lat);
  const column = Math.floor(home[1] / step.lng);
  const wanted = crops.length ? [...new Set(crops)] : [ANY_CROP];
  return [...new Set(months)].flatMap((month) =>
    wanted.map((crop) => ({ key: keyOf(radiusKm, row, column, month, crop), month, crop })),
  );
}

/**
 * The keys a moba at `seat` looks up, one list per radius an alert may have: every cell that may hold
 * a home within that radius, in each of the moba's months, for each of its crops and for any crop.
 * The box is widened in longitude by the shorter degrees at its northern edge, so no home within the
 * radius falls outside it. (A list per radius, not one: NeDB checks `$in` on each document it finds by
 * walking the list, so four short lists cost a quarter of one long one.)
 */
export function mobaKeys(seat: LatLng, months: readonly number[], crops: readonly string[]): string[][] {
  const wanted = [...new Set(crops), ANY_CROP];
  return withinKmChoices.map((radiusKm) => {
    const keys: string[] = [];
    const step = cellSteps(radiusKm);
    const dLat = radiusKm / KM_PER_DEGREE_LAT;
    const northernmost = Math.min(89, Math.abs(seat[0]) + dLat);
    const dLng = radiusKm / (KM_PER_DEGREE_LAT * Math.cos((northernmost * Math.PI) / 180));
    const rows = [Math.floor((seat[0] - dLat) / step.lat), Math.floor((seat[0] + dLat) / step.lat)];
    const columns = [Math.floor((seat[1] - dLng) / step.lng), Math.floor((seat[1] + dLng) / step.lng)];
    for (let row = rows[0]!; row <= rows[1]!; row++)
      for (let column = columns[0]!; column <= columns[1]!; column++)
        for (const month of months)
          for (const crop of wanted) keys.push(keyOf(radiusKm, row, column, month, crop));
    return keys;
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
