import { randomUUID } from 'node:crypto';
import type { DocumentStore } from '@moba/platform';
import type { SmsSender } from './sms-sender';
import { smsLength, type SmsEncoding } from './gsm7';

export interface DevSmsDoc {
  _id: string;
  to: string;
  text: string;
  encoding: SmsEncoding;
  parts: number;
  sentAt: string;
}

export const DEV_SMS_COLLECTION = 'dev_sms';

export const openDevSmsOutbox = (store: DocumentStore) =>
  store.collection<DevSmsDoc>(DEV_SMS_COLLECTION, { indexes: [{ fields: ['sentAt'] }, { fields: ['to'] }] });

/** dev://: every SMS lands in the dev outbox, readable at /dev/sms outside production. */
export async function createDevSmsSender(store: DocumentStore, now: () => Date): Promise<SmsSender> {
  const outbox = await openDevSmsOutbox(store);
  return {
    async send(sms) {
      const { encoding, parts } = smsLength(sms.text);
      const _id = randomUUID();
      await outbox.insertOne({ _id, ...sms, encoding, parts, sentAt: now().toISOString() });
      return { providerMessageId: _id };
    },
    async close() {},
  };
}
