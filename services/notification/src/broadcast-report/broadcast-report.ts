import {
  broadcastMessageOf,
  notificationErrorCodes,
  type BroadcastRecipient,
  type BroadcastReport,
  type Role,
} from '@moba/contracts';
import { AppError } from '@moba/platform';
import type { NotificationStore } from '../store';
import { deliveryStateOf, deliveryTotals } from '../domain/broadcast-delivery';

const REPORT_MAX = 100;

/**
 * The broadcasts of a moba for its estate (or an admin), newest first: what was sent, each recipient's
 * name and state, and the totals. Ownership comes from this service's vacancy replica.
 */
export async function broadcastReport(
  store: NotificationStore,
  user: { id: string; role: Role },
  vacancyId: string,
): Promise<BroadcastReport> {
  const vacancy = await store.vacancies.findOne({ _id: vacancyId });
  if (!vacancy?.estateId) throw new AppError(notificationErrorCodes.VACANCY_NOT_FOUND, 'vacancy not found');
  if (user.role !== 'Admin' && vacancy.estateId !== user.id)
    throw new AppError(notificationErrorCodes.NOT_VACANCY_OWNER, 'not your vacancy');
  const broadcasts = await store.broadcasts.find({ vacancyId }, { sort: { sentAt: -1 }, limit: REPORT_MAX });
  const deliveries = broadcasts.length
    ? await store.broadcastDeliveries.find({ broadcastId: { $in: broadcasts.map((b) => b._id) } })
    : [];
  return {
    broadcasts: broadcasts.map((broadcast) => {
      const recipients: BroadcastRecipient[] = deliveries
        .filter((d) => d.broadcastId === broadcast._id)
        .map((d) => ({ workerId: d.workerId, name: d.name, state: deliveryStateOf(d), sms: d.sms ?? null }))
        .sort((a, b) => a.name.localeCompare(b.name, 'sr'));
      return {
        id: broadcast._id,
        vacancyId: broadcast.vacancyId,
        ...broadcastMessageOf(broadcast),
        sentAt: broadcast.sentAt,
        recipients,
        totals: deliveryTotals(recipients),
      };
    }),
  };
}
