// The admin audit log: POST /admin/audit (list and search; nothing edits or deletes an entry).
import { z } from 'zod';
import { pageOf, pagingSchema, uuidV4Schema } from '../common';
import { SEARCH_MIN } from '../limits';
import { adminActionSchema, auditTargetTypeSchema, auditValuesSchema } from '../events/audit';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .min(SEARCH_MIN, { message: `search must have at least ${SEARCH_MIN} characters` })
        .max(max)
        .optional(),
    );

/** Body of POST /admin/audit: newest first; search in names, labels and ids. */
export const auditQuerySchema = pagingSchema.extend({
  search: optionalText(100),
  action: adminActionSchema.optional(),
  targetId: z.string().trim().min(1).max(100).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: uuidV4Schema,
  at: z.string(),
  actorId: z.string(),
  actorName: z.string(),
  action: adminActionSchema,
  targetType: auditTargetTypeSchema,
  targetId: z.string(),
  targetLabel: z.string().nullable(),
  before: auditValuesSchema.nullable(),
  after: auditValuesSchema.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
