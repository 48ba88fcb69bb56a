// The admin audit log: POST /admin/audit (list and search; nothing edits or deletes an entry).
import { z } from 'zod';
import { pageOf, pagingSchema, searchTextSchema, uuidV4Schema } from '../common';
import { adminActionSchema, auditTargetTypeSchema, auditValuesSchema } from '../events/audit';

/** Body of POST /admin/audit: newest first; search in names, labels and ids. */
export const auditQuerySchema = pagingSchema.extend({
  search: searchTextSchema(100),
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
