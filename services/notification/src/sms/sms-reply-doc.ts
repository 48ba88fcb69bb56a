import type { WithOutbox } from '@moba/platform';

/**
 * One recognised DA / NE reply, `_id` = the provider's message id: it carries SmsConfirmationReceived
 * (one per worker with that phone) through the outbox, and a second delivery of the same message
 * hits the id and publishes nothing more.
 */
export interface SmsReplyDoc extends WithOutbox {
  _id: string;
  phone: string;
  workerIds: string[];
  answer: 'yes' | 'no';
  heads?: number;
  receivedAt: string;
}
