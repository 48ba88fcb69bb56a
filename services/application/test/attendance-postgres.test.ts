import { testToken } from '@moba/platform/testing';
import type { DayRoster } from '@moba/contracts';
import { whenPostgres } from '../../../libs/platform/test/fixtures/postgres';
import { applicationOnPostgres } from './on-postgres';

/**
 * Attendance per day on the production store: the estate's taps on the heads of one crew arrive at
 * the same moment (two phones, a slow network); each one lands, on its own day, and the events carry
 * the whole state once per change.
 */
whenPostgres('attendance per day on PostgreSQL', () =>
  describe('attendance per day on PostgreSQL', () => {
    const app = applicationOnPostgres('attendance');

    test('twenty taps on the heads of one crew at once all land on the day they name', async () => {
      const t = app();
      const { vacancyId, estateId } = await t.vacancy({
        positions: 30,
        startDate: t.daysAfterToday(0),
        endDate: t.daysAfterToday(4),
      });
      const leader = await t.worker({ groupLeader: true, groupSize: 25 });
      const applied = await t.apply(leader, vacancyId, 19);
      expect(applied.status).toBe(201);
      const applicationId = applied.body.id as string;
      const admin = await t.admin();
      expect(
        (await t.client.post(`/admin/applications/${applicationId}/accept`, undefined, admin.auth)).status,
      ).toBe(200);
      const owner = await testToken('Estate', { id: estateId });
      const heads = [applicationId, ...Array.from({ length: 19 }, (_, i) => `${applicationId}:${i + 2}`)];
      const today = t.daysAfterToday(0);
      const answers = await Promise.all(
        heads.map((personId, i) =>
          t.client.post(
            `/estates/vacancies/${vacancyId}/attendance`,
            { day: today, marks: [{ personId, attendance: i % 4 === 0 ? 'DidNotCome' : 'Came' }] },
            owner.auth,
          ),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(heads.map(() => 200));
      const roster = (await t.client.get(`/estates/vacancies/${vacancyId}/roster`, owner.auth))
        .body as DayRoster;
      expect(roster.days[0]).toMatchObject({ day: today, heads: 20, came: 15, didNotCome: 5 });
      const doc = await t.store.applications.findOne({ _id: applicationId });
      expect(Object.keys(doc!.attendanceByDay![today]!)).toHaveLength(20);
      expect(doc!.attendanceVersion).toBe(20);
    });
  }),
);
