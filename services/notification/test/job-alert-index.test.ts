import {
  crops,
  greatCircleKm,
  municipalityNames,
  regions,
  seatOf,
  withinKmChoices,
  type LatLng,
} from '@moba/contracts';
import { alertKeys, mobaKeys, monthsBetween, type Home } from '../src/domain/job-alert-index';
import { jobAlertMatches, type AlertWishes, type MobaOffer } from '../src/domain/job-alert-match';
import { endOfQuietHours } from '../src/domain/quiet-hours';
import { isJobAlertStop } from '../src/domain/job-alert-stop-reply';

/** A small deterministic generator, so a failure names a reproducible case. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Every home of every region (a moba near a border reaches homes across it). */
const homes: (Home & { seat: LatLng })[] = regions.flatMap((region) =>
  municipalityNames(region).flatMap((municipality) => {
    const seat = seatOf(municipality, region);
    return seat ? [{ municipality, region, seat }] : [];
  }),
);
const serbianSeats = homes.filter((home) => home.region === 'RS').map((home) => home.seat);

describe('the alert index (radius, home, month, crop)', () => {
  test('finds exactly the alerts a brute-force scan finds, for every radius and anywhere in Serbia', () => {
    const next = random(7);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const alerts: (AlertWishes & { place: Home; months: number[] })[] = Array.from(
      { length: 3000 },
      (_, i) => {
        const place = pick(homes);
        return {
          workerId: `w${i}`,
          place,
          home: place.seat,
          radiusKm: pick(withinKmChoices),
          months: [...new Set([pick([5, 6, 7]), pick([7, 8, 9])])],
          crops: next() < 0.5 ? [] : [pick(crops).id],
          jobActivities: [],
          minDailyWage: pick([0, 0, 3000, 4500]),
        };
      },
    );
    const index = new Map<string, typeof alerts>();
    for (const alert of alerts)
      for (const { key } of alertKeys(alert.place, alert.radiusKm, alert.months, alert.crops))
        index.set(key, [...(index.get(key) ?? []), alert]);

    let matchedSomewhere = 0;
    for (let m = 0; m < 60; m++) {
      const months = [pick([6, 7, 8])];
      const offer: MobaOffer = {
        seat: pick(serbianSeats),
        crops: [pick(crops).id],
        dailyWage: pick([2500, 4000, 5000]),
      };
      const found = mobaKeys(offer.seat, months, offer.crops).flatMap((key) => index.get(key) ?? []);
      // what a key finds needs no distance or crop check: only the wage (no activities wished here)
      const viaIndex = new Set(
        found.filter((alert) => alert.minDailyWage <= offer.dailyWage!).map((alert) => alert.workerId),
      );
      const scanned = alerts
        .filter((a) => a.months.some((month) => months.includes(month)) && jobAlertMatches(a, offer))
        .map((a) => a.workerId);
      expect([...viaIndex].sort()).toEqual(scanned.sort());
      expect(found.every((alert) => greatCircleKm(alert.home, offer.seat) <= alert.radiusKm)).toBe(true);
      matchedSomewhere += scanned.length;
    }
    expect(matchedSomewhere).toBeGreaterThan(100); // the comparison was not of empty sets
  });

  test('a moba looks up the homes within each radius of its seat, its months and crops and any crop', () => {
    const zemun = seatOf('Zemun')!;
    const keys = mobaKeys(zemun, [7], ['malina']);
    const [within10, within30, within50, within100] = withinKmChoices.map((radiusKm) =>
      keys.filter((key) => key.startsWith(`${radiusKm}|`)),
    );
    const keyOf = (municipality: string, radiusKm: number, wants: string[], months = [7]) =>
      alertKeys({ municipality, region: 'RS' }, radiusKm, months, wants)[0]!.key;
    expect(within10).toContain(keyOf('Zemun', 10, []));
    expect(within10).toContain(keyOf('Zemun', 10, ['malina', 'jabuka']));
    expect(within10).not.toContain(keyOf('Zemun', 10, ['jabuka']));
    expect(within10).not.toContain(keyOf('Zemun', 10, [], [8]));
    expect(greatCircleKm(zemun, seatOf('Subotica')!)).toBeGreaterThan(150);
    expect(within100).not.toContain(keyOf('Subotica', 100, []));
    const noviSad = greatCircleKm(zemun, seatOf('Novi Sad')!); // about 70 km
    expect(noviSad).toBeGreaterThan(50);
    expect(noviSad).toBeLessThan(100);
    expect(within100).toContain(keyOf('Novi Sad', 100, []));
    expect(within50).not.toContain(keyOf('Novi Sad', 50, []));
    // two keys (malina and any crop) per home within the radius, in one month
    for (const [i, ofRadius] of [within10, within30, within50, within100].entries()) {
      const reached = new Set(
        homes
          .filter((h) => greatCircleKm(h.seat, zemun) <= withinKmChoices[i]!)
          .map((h) => `${h.region}|${h.municipality}`),
      );
      expect(ofRadius).toHaveLength(2 * reached.size);
    }
  });
});

describe('what an alert asks', () => {
  const home = seatOf('Arilje')!;
  const alert: AlertWishes = {
    workerId: 'w',
    home,
    radiusKm: 30,
    crops: ['malina'],
    jobActivities: ['berba-branje'],
    minDailyWage: 3000,
  };
  const offer: MobaOffer = {
    seat: seatOf('Požega')!,
    crops: ['malina', 'kupina'],
    jobActivities: ['berba-branje'],
    dailyWage: 3000,
  };
  test.each<[string, Partial<MobaOffer>, Partial<AlertWishes>, boolean]>([
    ['all met', {}, {}, true],
    ['too far', { seat: seatOf('Subotica')! }, {}, false],
    ['another crop', { crops: ['jabuka'] }, {}, false],
    ['any crop wanted', { crops: ['jabuka'] }, { crops: [] }, true],
    ['another activity', { jobActivities: ['setva'] }, {}, false],
    ['activities not known (an older event)', { jobActivities: undefined }, {}, true],
    ['pay below the minimum', { dailyWage: 2999 }, {}, false],
    ['paid by the norm, a minimum wanted', { dailyWage: undefined }, {}, false],
    ['paid by the norm, any pay', { dailyWage: undefined }, { minDailyWage: 0 }, true],
  ])('%s', (_, offerChange, alertChange, expected) => {
    expect(jobAlertMatches({ ...alert, ...alertChange }, { ...offer, ...offerChange })).toBe(expected);
  });
});

describe('months of a moba', () => {
  test.each([
    ['2027-07-05', '2027-07-20', [7]],
    ['2027-06-25', '2027-08-02', [6, 7, 8]],
    ['2027-12-20', '2028-01-10', [1, 12]],
    ['2027-03-01', '2028-05-01', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
  ])('%s to %s: %j', (start, end, months) => {
    expect(monthsBetween(start, end)).toEqual(months);
  });
});

describe('quiet hours 21:00-07:00 Europe/Belgrade', () => {
  test.each([
    ['winter noon stays', '2026-11-26T11:00:00.000Z', '2026-11-26T11:00:00.000Z'],
    ['20:59 stays', '2026-11-26T19:59:00.000Z', '2026-11-26T19:59:00.000Z'],
    ['21:00 waits for 07:00', '2026-11-26T20:00:00.000Z', '2026-11-27T06:00:00.000Z'],
    ['03:10 waits for 07:00 that morning', '2026-11-27T02:10:00.000Z', '2026-11-27T06:00:00.000Z'],
    ['07:00 goes', '2026-11-27T06:00:00.000Z', '2026-11-27T06:00:00.000Z'],
    ['summer 22:00 waits for 07:00 (UTC+2)', '2027-07-05T20:00:00.000Z', '2027-07-06T05:00:00.000Z'],
    ['the night clocks go forward', '2027-03-27T21:30:00.000Z', '2027-03-28T05:00:00.000Z'],
    ['the night clocks go back', '2027-10-30T20:30:00.000Z', '2027-10-31T06:00:00.000Z'],
  ])('%s', (_, now, expected) => {
    expect(endOfQuietHours(new Date(now)).toISOString()).toBe(expected);
  });
});

describe('the SMS reply that stops job alerts only', () => {
  test.each([
    ['STOP POSAO', true],
    ['stop posao', true],
    ['СТОП ПОСАО', true],
    [' Odjava  posao ', true],
    ['STOP', false],
    ['STOP POSAO SVE', false],
    ['POSAO', false],
  ])('%j: %s', (text, expected) => {
    expect(isJobAlertStop(text)).toBe(expected);
  });
});
