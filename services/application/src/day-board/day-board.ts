import { calendarDay, stretchStartOf, type DayBoard, type DayBoardRow, type Role } from '@moba/contracts';
import type { AppContext } from '../context';
import { errors } from '../domain/errors';
import { boardDayOf, workDaysOf } from '../domain/work-days';
import { applicantsOf } from '../views';
import { ownVacancy } from '../estate-vacancy';
import { confirmationSettingsOf } from '../confirmations';

/**
 * The estate's board of one work day (or an admin's): for the stretch that day belongs to, a row per
 * application accepted on the moba (or that gave its place back answering this stretch), and the
 * totals in heads: confirmed, declined (with the heads a leader did not bring), no answer.
 */
export async function getDayBoard(
  ctx: AppContext,
  user: { id: string; role: Role },
  vacancyId: string,
  wanted?: string,
): Promise<DayBoard> {
  const vacancy =
    user.role === 'Admin'
      ? await ctx.store.vacancies.findOne({ _id: vacancyId, deleted: false })
      : await ownVacancy(ctx, user.id, vacancyId);
  if (!vacancy) throw errors.vacancyNotFound();
  const workDays = [...workDaysOf(vacancy)].sort();
  const day = wanted ?? boardDayOf(workDays, calendarDay(ctx.clock.now()));
  const stretchStart = stretchStartOf(workDays, day);
  if (!stretchStart) throw errors.notAWorkDay();
  const confirmations = await ctx.store.confirmations.find({ vacancyId, stretchStart });
  const byApplication = new Map(confirmations.map((c) => [c.applicationId, c]));
  const accepted = await ctx.store.applications.find(
    { vacancyId, $or: [{ status: 'Accepted' }, { _id: { $in: [...byApplication.keys()] } }] },
    { sort: { decidedAt: 1 } },
  );
  const { nameOf } = await applicantsOf(ctx.store, accepted);
  const rows = accepted.map((a): DayBoardRow => {
    const c = byApplication.get(a._id);
    return {
      applicationId: a._id,
      name: nameOf(a),
      headsAccepted: c?.headsAccepted ?? a.positions,
      state: c?.state ?? 'NotAsked',
      headsConfirmed: c?.headsConfirmed ?? 0,
      channel: c?.channel ?? null,
      flagged: c?.flagged ?? false,
    };
  });
  const sum = (pick: (row: DayBoardRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const settings = confirmationSettingsOf(vacancy);
  return {
    vacancyId,
    title: vacancy.title,
    workDays,
    day,
    stretchStart,
    askAt: settings.askAt,
    deadlineAt: settings.deadlineAt,
    unanswered: settings.unanswered,
    rows,
    totals: {
      accepted: sum((r) => r.headsAccepted),
      confirmed: sum((r) => (r.state === 'Confirmed' ? r.headsConfirmed : 0)),
      declined: sum((r) =>
        r.state === 'Declined'
          ? r.headsAccepted
          : r.state === 'Confirmed'
            ? r.headsAccepted - r.headsConfirmed
            : 0,
      ),
      noAnswer: sum((r) => (r.state === 'Asked' || r.state === 'Unanswered' ? r.headsAccepted : 0)),
      notAsked: sum((r) => (r.state === 'NotAsked' ? r.headsAccepted : 0)),
    },
  };
}
