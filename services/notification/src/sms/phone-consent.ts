import type { SmsStore } from './sms-store';

export const NOT_PROVEN = 'the phone is not proven (no START from it)';
export const STOPPED = 'the phone replied STOP';

/**
 * Why nothing may go to a phone, or null when it may: its owner sent START from it (proving the number
 * is theirs and that they want SMS) and has not replied STOP since. The one rule both the queue and the
 * dispatcher apply, so a message queued before a STOP, or before this rule existed, is held back too.
 */
export async function whyPhoneMayNotGetSms(sms: SmsStore, phone: string): Promise<string | null> {
  if (await sms.stops.findOne({ _id: phone })) return STOPPED;
  if (!(await sms.provenPhones.findOne({ _id: phone }))) return NOT_PROVEN;
  return null;
}
