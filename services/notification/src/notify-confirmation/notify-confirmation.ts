import { notificationKeys } from '@moba/contracts';
import {
  createNotifications,
  type CreateNotificationsContext,
} from '../create-notification/create-notification';
import { queueSms, type SmsContext } from '../sms/queue-sms';

export interface ConfirmationRequestFacts {
  confirmationId: string;
  vacancyId: string;
  workerId: string;
  title: string;
  day: string;
  meetingTime?: string;
  heads: number;
  deadline: string;
}

/**
 * A confirmation was asked (ConfirmationRequested): the worker (a crew's leader) gets an in-app
 * notification, pushed live, that links to the moba's page, and an SMS when they use SMS ("…Odgovorite
 * DA ili NE."). Both ids derive from the confirmationId, so each request reaches a worker once,
 * whatever redelivers the event or how many instances handle it.
 */
export async function notifyConfirmationRequested(
  ctx: CreateNotificationsContext & { sms: SmsContext },
  facts: ConfirmationRequestFacts,
) {
  await createNotifications(
    ctx,
    [
      {
        userId: facts.workerId,
        key: notificationKeys.confirmationRequested,
        params: {
          vacancyId: facts.vacancyId,
          vacancyTitle: facts.title,
          day: facts.day,
          time: facts.meetingTime ?? null,
          heads: facts.heads,
          deadline: facts.deadline,
        },
      },
    ],
    `confirmation:${facts.confirmationId}`,
  );
  await queueSms(ctx.sms, {
    id: `confirm:${facts.confirmationId}`,
    recipientId: facts.workerId,
    kind: 'confirm',
    facts: {
      title: facts.title,
      startDate: facts.day,
      ...(facts.meetingTime ? { time: facts.meetingTime } : {}),
    },
  });
}
