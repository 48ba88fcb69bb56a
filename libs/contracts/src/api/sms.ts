import { z } from 'zod';
import { languageSchema } from '../enums';

/**
 * The number people send START (and STOP) to. A phone gets no SMS until a START from it has arrived:
 * nobody can make Moba text a number its owner did not ask for (issue #33). It must be the number
 * Infobip forwards inbound SMS from (POST /sms/inbound).
 */
export const SMS_REPLY_NUMBER = '+381 66 800 662';

/**
 * A worker's SMS settings (GET/PUT /sms/settings, notification service). SMS are off until the worker
 * switches them on and the phone is proven (`phoneProven`: a START from it arrived); a guest is opted
 * in by applying and proving the phone the same way. A reply STOP ends them (`stoppedByReply`) until
 * the phone sends START again; the profile switch alone never lifts a STOP. `language`: 'sr' is Serbian Latin without diacritics (160
 * characters in one SMS), 'sr-Cyrl' Cyrillic (70 characters a part, so a message may cost 2-3 SMS),
 * 'en' English.
 */
export const smsSettingsSchema = z.object({
  enabled: z.boolean(),
  language: languageSchema,
  /** The number SMS go to (the profile's phone, E.164), null until the service knows it. */
  phone: z.string().nullable(),
  stoppedByReply: z.boolean(),
  phoneProven: z.boolean(),
});
export type SmsSettings = z.infer<typeof smsSettingsSchema>;

export const updateSmsSettingsSchema = z
  .object({ enabled: z.boolean().optional(), language: languageSchema.optional() })
  .strict();
export type UpdateSmsSettings = z.infer<typeof updateSmsSettingsSchema>;

/** Characters in one SMS part: GSM-7 (Latin without diacritics) and UCS-2 (Cyrillic). */
export const SMS_PART_CHARS = { latin: 160, cyrillic: 70 } as const;
