import type { CreateNotificationsContext } from './create-notification/create-notification';
import type { ParamValue, VacancyReplicaDoc } from './store';

/* What notifications and SMS of several use cases read of the vacancy replica. */

/** The params every vacancy notification carries: its id, and its title when the replica knows it. */
export async function vacancyParams(
  ctx: CreateNotificationsContext,
  vacancyId: string,
): Promise<Record<string, ParamValue>> {
  const vacancy = await ctx.store.vacancies.findOne({ _id: vacancyId });
  return { vacancyId, ...(vacancy?.title ? { vacancyTitle: vacancy.title } : {}) };
}

/** The meeting facts an acceptance carries: the point, the first day's time, the contact. */
export function meetingOnFirstDay(
  vacancy: Pick<VacancyReplicaDoc, 'meeting' | 'startDate'> | null | undefined,
): { point: string; time: string; contactName: string; contactPhone: string } | undefined {
  const meeting = vacancy?.meeting;
  if (!meeting) return undefined;
  const time = (vacancy.startDate && meeting.timeByDay?.[vacancy.startDate]) || meeting.time;
  return { point: meeting.point, time, contactName: meeting.contactName, contactPhone: meeting.contactPhone };
}
