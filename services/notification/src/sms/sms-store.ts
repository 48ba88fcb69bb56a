import type { DocumentStore, LeaseMark } from '@moba/platform';
import type { Language } from '@moba/contracts';
import type { SmsOutboxKind } from './sms-messages';

/** Who may get SMS: a worker (`_id` = userId, off until they switch it on) or a guest (`guest:{id}`, on by applying). */
export interface SmsRecipientDoc {
  _id: string;
  phone: string | null;
  enabled: boolean;
  language: Language;
}

/** A phone that replied STOP: nothing goes to it until it sends START again. */
export interface SmsStopDoc {
  _id: string;
  stoppedAt: string;
}

/**
 * A phone whose owner asked for SMS by sending START from it (`_id` = E.164). Nothing is ever sent to
 * a phone without one, so a form or a profile cannot make Moba text a stranger's number.
 */
export interface SmsProvenPhoneDoc {
  _id: string;
  provenAt: string;
}

/**
 * SMS sent on one day (Europe/Belgrade) under one budget: `{day}|all`, `{day}|prefix|+381`,
 * `{day}|prefix|other`, `{day}|phone|+38164…`. `alertedAt`: when reaching it was reported.
 */
export interface SmsDailyCountDoc {
  _id: string;
  day: string;
  count: number;
  alertedAt?: string;
}

/** An accepted application (worker or guest): whom to remind the evening before, and to tell if the moba goes. */
export interface SmsPlacementDoc {
  _id: string;
  vacancyId: string;
  recipientId: string;
  startDate?: string;
  title?: string;
  cancelled?: boolean;
  remindedAt?: string;
}

/** skipped: STOP or an unproven phone; refused: over a daily cap (lastError names which). */
export type SmsStatus = 'pending' | 'sent' | 'failed' | 'skipped' | 'refused';

/**
 * One SMS to send. Its id is derived from what caused it (`accepted:{applicationId}`,
 * `reminder:{applicationId}`, …), so a redelivered event or a second run of the reminder job finds it
 * already there. `lease`: the instance sending it now (see dispatch-sms.ts).
 */
export interface SmsOutboxDoc {
  _id: string;
  recipientId: string;
  phone: string;
  kind: SmsOutboxKind;
  text: string;
  status: SmsStatus;
  attempts: number;
  nextAttemptAt: string;
  createdAt: string;
  sentAt?: string;
  lastError?: string;
  providerMessageId?: string;
  lease?: LeaseMark;
}

export async function openSmsStore(store: DocumentStore) {
  return {
    recipients: await store.collection<SmsRecipientDoc>('sms_recipients', {
      indexes: [{ fields: ['phone'] }],
    }),
    stops: await store.collection<SmsStopDoc>('sms_stops'),
    provenPhones: await store.collection<SmsProvenPhoneDoc>('sms_proven_phones'),
    dailyCounts: await store.collection<SmsDailyCountDoc>('sms_daily_counts', {
      indexes: [{ fields: ['day'] }],
    }),
    placements: await store.collection<SmsPlacementDoc>('sms_placements', {
      indexes: [{ fields: ['vacancyId'] }, { fields: ['startDate'] }],
    }),
    outbox: await store.collection<SmsOutboxDoc>('sms_outbox', {
      indexes: [{ fields: ['status', 'nextAttemptAt'] }, { fields: ['phone', 'status', 'sentAt'] }],
    }),
  };
}
export type SmsStore = Awaited<ReturnType<typeof openSmsStore>>;
