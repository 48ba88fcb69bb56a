import { BROADCASTS_PER_DAY } from '@moba/contracts';
import { whenPostgres } from '../../../libs/platform/test/fixtures/postgres';
import { applicationOnPostgres } from './on-postgres';

/**
 * An estate's broadcasts on the production store: "no work" moves a day by compare-and-set (the
 * dotted move record and the version filter), parallel retries of one broadcastId send it once, and
 * parallel sends never pass the daily limit.
 */
whenPostgres('estate broadcasts on PostgreSQL', () =>
  describe('estate broadcasts on PostgreSQL', () => {
    const app = applicationOnPostgres('broadcast');

    async function acceptedMoba() {
      const t = app();
      const estate = await t.estate();
      const { vacancyId } = await t.vacancy({
        estateId: estate.id,
        startDate: t.daysAfterToday(2),
        endDate: t.daysAfterToday(4),
      });
      const applied = await t.apply(await t.worker(), vacancyId);
      await t.client.post(`/admin/applications/${applied.body.id}/accept`, undefined, (await t.admin()).auth);
      return { estate, vacancyId };
    }

    test('"no work" retried in parallel moves the day once and is sent once', async () => {
      const t = app();
      const { estate, vacancyId } = await acceptedMoba();
      const body = { broadcastId: crypto.randomUUID(), template: 'no-work', day: t.daysAfterToday(3) };
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          t.client.post(`/estates/vacancies/${vacancyId}/broadcasts`, body, estate.auth),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.body.movedTo))).toEqual(new Set([t.daysAfterToday(5)]));
      expect(await t.store.broadcasts.count({ vacancyId })).toBe(1);
      // the retries took one of the day's broadcasts, not five
      const quotas = await t.store.broadcastQuotas.find({});
      expect(quotas.find((q) => q._id.startsWith(`${vacancyId}:`))).toMatchObject({ count: 1 });
      expect(await t.store.vacancies.findOne({ _id: vacancyId })).toMatchObject({
        workDays: [t.daysAfterToday(2), t.daysAfterToday(4), t.daysAfterToday(5)],
        workDaysVersion: 1,
        workDayMoves: {
          [body.broadcastId]: { from: t.daysAfterToday(3), to: t.daysAfterToday(5), version: 1 },
        },
      });
    });

    test('parallel sends never pass the daily limit', async () => {
      const t = app();
      const { estate, vacancyId } = await acceptedMoba();
      const answers = await Promise.all(
        Array.from({ length: BROADCASTS_PER_DAY + 5 }, (_, i) =>
          t.client.post(
            `/estates/vacancies/${vacancyId}/broadcasts`,
            { template: 'free', text: `Poruka ${i}` },
            estate.auth,
          ),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(BROADCASTS_PER_DAY);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
      expect(await t.store.broadcasts.count({ vacancyId })).toBe(BROADCASTS_PER_DAY);
    });
  }),
);
