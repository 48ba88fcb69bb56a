import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema, timeOfDaySchema, uuidV4Schema } from '../common';
import { ruleIssue } from '../errors';
import {
  broadcastDeliveryStateSchema,
  broadcastTemplateSchema,
  broadcastTextSchema,
  type BroadcastTemplate,
} from './day-of-work';

/**
 * An estate's broadcast to the people accepted on one of its mobas (issue #31 point 5): a template
 * (start moved to HH:MM, no work on a day, bring …) or free text checked like descriptions. The
 * application service sends it (recipients, "no work" moves the day); the notification service
 * delivers it and keeps each recipient's state.
 */

/** At most this many broadcasts per moba and (Belgrade) day: a clear 429 beyond. */
export const BROADCASTS_PER_DAY = 10;
/** What to bring: short, so the SMS stays one part; checked like descriptions. */
export const BROADCAST_BRING_MAX = 80;

export const broadcastBringSchema = z
  .string()
  .trim()
  .max(BROADCAST_BRING_MAX, { message: `at most ${BROADCAST_BRING_MAX} characters` })
  .pipe(broadcastTextSchema);

/** Which field a template needs besides itself. */
export const broadcastFieldOf = (template: BroadcastTemplate): 'value' | 'text' | 'day' =>
  template === 'free' ? 'text' : template === 'no-work' ? 'day' : 'value';

/**
 * Body of POST /estates/vacancies/:id/broadcasts. `broadcastId` is the client's idempotency key: a
 * retried POST with it sends nothing twice. `day` null = every accepted person of the moba; a day =
 * those whose placement covers it. 'start-moved' needs `value` HH:MM, 'bring' needs `value` (checked
 * text), 'free' needs `text`, 'no-work' needs the `day` (a future work day; the server checks that).
 */
export const broadcastRequestSchema = z
  .object({
    broadcastId: uuidV4Schema.optional(),
    day: isoDateSchema.nullable().default(null),
    template: broadcastTemplateSchema,
    value: z.string().optional(),
    text: z.string().optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const check = (field: 'value' | 'text', schema: z.ZodType) => {
      const given = body[field];
      if (given === undefined || given.trim() === '')
        return ctx.addIssue(ruleIssue([field], 'required', 'required'));
      const parsed = schema.safeParse(given);
      if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [field] });
    };
    if (body.template === 'start-moved') check('value', timeOfDaySchema);
    if (body.template === 'bring') check('value', broadcastBringSchema);
    if (body.template === 'free') check('text', broadcastTextSchema);
    if (body.template === 'no-work' && body.day === null)
      ctx.addIssue(ruleIssue(['day'], 'required', 'the day without work is required'));
    if (body.template !== 'start-moved' && body.template !== 'bring' && body.value !== undefined)
      ctx.addIssue(ruleIssue(['value'], 'unknown_field', 'this template takes no value'));
    if (body.template !== 'free' && body.text !== undefined)
      ctx.addIssue(ruleIssue(['text'], 'unknown_field', 'only free text takes a text'));
  })
  .transform((body) => ({
    ...body,
    ...(body.value === undefined ? {} : { value: body.value.trim() }),
    ...(body.text === undefined ? {} : { text: body.text.trim() }),
  }));
export type BroadcastRequest = z.input<typeof broadcastRequestSchema>;
export type BroadcastInput = z.output<typeof broadcastRequestSchema>;

/** The broadcast as sent (answer of the POST, also to a retry with the same broadcastId). */
export const sentBroadcastSchema = z.object({
  id: uuidV4Schema,
  vacancyId: uuidV4Schema,
  day: isoDateSchema.nullable(),
  template: broadcastTemplateSchema,
  value: z.string().optional(),
  text: z.string().optional(),
  /** 'no-work': the day that replaced the one taken out. */
  movedTo: isoDateSchema.optional(),
  recipients: z.number().int().min(0),
  sentAt: isoDateTimeSchema,
});
export type SentBroadcast = z.infer<typeof sentBroadcastSchema>;

/** What a broadcast says, wherever it is kept or shown. */
export type BroadcastMessage = Pick<SentBroadcast, 'day' | 'template' | 'value' | 'text' | 'movedTo'>;

/** The message of a broadcast (a document, an event), with no key for a part it lacks. */
export const broadcastMessageOf = (broadcast: BroadcastMessage): BroadcastMessage => ({
  day: broadcast.day,
  template: broadcast.template,
  ...(broadcast.value === undefined ? {} : { value: broadcast.value }),
  ...(broadcast.text === undefined ? {} : { text: broadcast.text }),
  ...(broadcast.movedTo === undefined ? {} : { movedTo: broadcast.movedTo }),
});

/** One recipient of a broadcast as the estate sees it. */
export const broadcastRecipientSchema = z.object({
  workerId: uuidV4Schema,
  name: z.string(),
  /** The furthest it got: read > delivered (in the app) > SMS sent > failed > queued. */
  state: broadcastDeliveryStateSchema,
  /** The SMS of an SMS user: null when none goes to them. */
  sms: z.enum(['queued', 'sent', 'failed']).nullable(),
});
export type BroadcastRecipient = z.infer<typeof broadcastRecipientSchema>;

export const broadcastTotalsSchema = z.object({
  recipients: z.number().int().min(0),
  queued: z.number().int().min(0),
  delivered: z.number().int().min(0),
  read: z.number().int().min(0),
  smsSent: z.number().int().min(0),
  failed: z.number().int().min(0),
});
export type BroadcastTotals = z.infer<typeof broadcastTotalsSchema>;

/** GET /estates/vacancies/:id/broadcasts: newest first, each with its recipients' states. */
export const broadcastReportSchema = z.object({
  broadcasts: z.array(
    sentBroadcastSchema.omit({ recipients: true }).extend({
      recipients: z.array(broadcastRecipientSchema),
      totals: broadcastTotalsSchema,
    }),
  ),
});
export type BroadcastReport = z.infer<typeof broadcastReportSchema>;
export type BroadcastReportItem = BroadcastReport['broadcasts'][number];
