import { crops, jobActivities, municipalityNames, seatOf, type Region } from '@moba/contracts';
import type { DocumentStore } from '@moba/platform';
import { onEachStore } from '../../../libs/platform/test/fixtures/postgres';
import { jobAlertMatches } from '../src/domain/job-alert-match';
import { monthsBetween } from '../src/domain/job-alert-index';
import { fileJobAlert, refileJobAlerts } from '../src/job-alerts/file-job-alert/file-job-alert';
import { findMatchingAlerts } from '../src/job-alerts/find-matching-alerts/find-matching-alerts';
import { openJobAlertStore, type AlertMobaDoc, type JobAlertDoc } from '../src/job-alerts/job-alert-store';

/** A small deterministic generator, so a failure names a reproducible case. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}
const next = random(11);
const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
const places = municipalityNames('RS').filter((name) => seatOf(name));

const alerts: JobAlertDoc[] = Array.from({ length: 200 }, (_, i) => ({
  _id: `worker-${i}`,
  enabled: next() > 0.1,
  crops: next() < 0.4 ? [] : [pick(crops).id, pick(crops).id],
  jobActivities: next() < 0.6 ? [] : [pick(jobActivities).id],
  radiusKm: pick([10, 30, 50, 100]),
  months: [pick([6, 7]), pick([7, 8])],
  minDailyWage: pick([0, 0, 3000, 4500]),
  sms: next() < 0.5,
  home: next() < 0.05 ? null : { municipality: pick(places), region: 'RS' as Region },
  updatedAt: '2026-11-26T10:00:00.000Z',
}));
const mobas: Omit<AlertMobaDoc, '_id' | 'title'>[] = Array.from({ length: 30 }, () => ({
  municipality: pick(['Arilje', 'Zemun', 'Novi Sad', 'Niš', 'Šabac', pick(places)]),
  region: 'RS' as Region,
  crops: [pick(crops).id],
  ...(next() < 0.8 ? { jobActivities: [pick(jobActivities).id] } : {}),
  startDate: pick(['2027-06-20', '2027-07-05']),
  endDate: pick(['2027-07-25', '2027-08-10']),
  ...(next() < 0.8 ? { dailyWage: pick([2500, 3000, 4000, 5000]) } : {}),
}));

/** What the rule says, alert by alert: the workers a moba should tell. */
function scanned(moba: (typeof mobas)[number]) {
  const months = monthsBetween(moba.startDate, moba.endDate);
  const offer = { ...moba, seat: seatOf(moba.municipality, moba.region)! };
  return alerts
    .filter(
      (alert) =>
        alert.enabled &&
        alert.home &&
        alert.months.some((month) => months.includes(month)) &&
        jobAlertMatches({ ...alert, workerId: alert._id, home: seatOf(alert.home.municipality)! }, offer),
    )
    .map((alert) => `${alert._id}:${alert.sms}`)
    .sort();
}

function matchingSuite(label: string, open: () => Promise<DocumentStore>) {
  describe(`matching job alerts on ${label}`, () => {
    let store: DocumentStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(() => store.close());

    test('a new index is filled from the stored alerts once; then each moba finds exactly the workers the rule names', async () => {
      const index = await openJobAlertStore(store);
      for (const alert of alerts) await index.alerts.insertOne(alert);
      expect(await refileJobAlerts(index)).toBe(alerts.filter((a) => a.enabled).length);
      expect(await refileJobAlerts(index)).toBe(0); // not empty any more: nothing to do

      let told = 0;
      for (const moba of mobas) {
        const found = (await findMatchingAlerts(index, moba)).map((m) => `${m.workerId}:${m.sms}`).sort();
        expect(found).toEqual(scanned(moba));
        told += found.length;
      }
      expect(told).toBeGreaterThan(50); // the comparison was not of empty lists
    });

    test('a changed alert is found under its new wishes only', async () => {
      const index = await openJobAlertStore(store);
      const arilje: JobAlertDoc = { ...alerts[0]!, _id: 'mover', enabled: true, crops: ['malina'] };
      const moba = { ...mobas[0]!, municipality: 'Arilje', crops: ['malina'], dailyWage: 5000 };
      const base = { ...arilje, months: [7], radiusKm: 10, minDailyWage: 0, jobActivities: [] };
      await fileJobAlert(index, { ...base, home: { municipality: 'Arilje', region: 'RS' } });
      const finds = async () =>
        (await findMatchingAlerts(index, { ...moba, startDate: '2027-07-01', endDate: '2027-07-20' })).some(
          (m) => m.workerId === 'mover',
        );
      expect(await finds()).toBe(true);
      await fileJobAlert(index, { ...base, home: { municipality: 'Subotica', region: 'RS' } });
      expect(await finds()).toBe(false);
      await fileJobAlert(index, { ...base, home: { municipality: 'Arilje', region: 'RS' }, months: [9] });
      expect(await finds()).toBe(false);
    });
  });
}

onEachStore('job alerts', 'notification', matchingSuite);
