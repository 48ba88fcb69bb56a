import { notificationKeys } from '@moba/contracts';
import {
  createNotifications,
  type CreateNotificationsContext,
} from '../create-notification/create-notification';

/**
 * A group leader listed the worker's phone in their crew: the worker is asked to accept or decline
 * (the web answers through the application service with `invitationId`). One per event.
 */
export function notifyCrewInvitation(
  ctx: CreateNotificationsContext,
  eventId: string,
  facts: { invitationId: string; workerId: string; leaderName: string; memberName: string },
) {
  return createNotifications(
    ctx,
    [
      {
        userId: facts.workerId,
        key: notificationKeys.crewInvitation,
        params: {
          invitationId: facts.invitationId,
          leaderName: facts.leaderName,
          memberName: facts.memberName,
        },
      },
    ],
    eventId,
  );
}
