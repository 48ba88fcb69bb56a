import { z } from 'zod';
import { defineEvent, topics } from './envelope';

/**
 * The admin audit log: every admin action, with who, when, what and the values before and after.
 *
 * How a service records an admin action (one call, in the same single-document write as the change,
 * so the entry and the change land together through the outbox):
 *
 *   import { adminAudit } from '@moba/platform';
 *   await things.updateOne(filter, pushEvents({ $set: change }, [
 *     adminAudit({ actor: userOf(req), action: 'user.ban', target: { type: 'user', id },
 *                  before: { banned: false }, after: { banned: true, banReason } }, ctx.clock),
 *   ]));
 *
 * The auth service keeps the log (collection audit_log, one entry per event id, so a redelivery
 * writes nothing twice); no route edits or deletes an entry. POST /admin/audit lists and searches it.
 * A new kind of action: add its name to `adminActionSchema` and its label to the web's `audit`
 * locale (`action.<name>`).
 */
export const adminActionSchema = z.enum([
  'application.accept',
  'application.reject',
  'application.note',
  'guest.accept',
  'user.ban',
  'user.reactivate',
  'estate.verify',
  'estate.unverify',
  'vacancy.review',
  'report.decide',
]);
export type AdminAction = z.infer<typeof adminActionSchema>;

export const auditTargetTypeSchema = z.enum(['user', 'estate', 'application', 'guestApplication', 'vacancy']);
export type AuditTargetType = z.infer<typeof auditTargetTypeSchema>;

/** Plain values only (what a field was and became), kept small. */
export const auditValuesSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type AuditValues = z.infer<typeof auditValuesSchema>;

export const adminActionRecordedData = z.object({
  actorId: z.uuid(),
  actorName: z.string(),
  action: adminActionSchema,
  targetType: auditTargetTypeSchema,
  targetId: z.string().min(1),
  /** A human label of the target (user's or moba's name) so the log reads without look-ups. */
  targetLabel: z.string().optional(),
  before: auditValuesSchema.nullable(),
  after: auditValuesSchema.nullable(),
  at: z.iso.datetime({ offset: true }),
});
export type AdminActionRecordedData = z.infer<typeof adminActionRecordedData>;

/** Key: the target's id (per-target order). */
export const AdminActionRecorded = defineEvent(
  topics.audit,
  'AdminActionRecorded',
  1,
  adminActionRecordedData,
);
