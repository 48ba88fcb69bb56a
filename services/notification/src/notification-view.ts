import type { Notification } from '@moba/contracts';
import type { NotificationDoc } from './store';

/** The wire shape of a stored notification (GET /notifications/all and the live channel). */
export function toNotification(doc: NotificationDoc): Notification {
  return {
    id: doc._id,
    content: { key: doc.key, params: doc.params },
    dateSent: doc.dateSent,
    ...(doc.dateRead ? { dateRead: doc.dateRead } : {}),
    actionButtonType: doc.actionButtonType,
    actionButtonParamIds: doc.actionButtonParamIds,
  };
}
