import {
  AdminActionRecorded,
  adminActionRecordedData,
  type AdminActionRecordedData,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  type EventEnvelope,
} from '@moba/contracts';
import { insertIfNew, type BaseDoc, type Collection, type Filter } from '@moba/platform';
import { crossScriptPattern } from '../search-text';

/** One entry of the append-only admin audit log; `_id` is the id of the event that reported it. */
export interface AuditDoc extends BaseDoc, AdminActionRecordedData {}
export type AuditLog = Collection<AuditDoc>;

/**
 * Appends the entry an AdminActionRecorded event reports. The event id is the entry's id, so a
 * redelivered event writes nothing twice; nothing here (or anywhere) updates or deletes an entry.
 */
export async function appendAuditEntry(log: AuditLog, event: EventEnvelope) {
  if (!AdminActionRecorded.is(event)) return;
  const data = adminActionRecordedData.parse(event.data);
  await insertIfNew(log, { _id: event.id, ...data });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /admin/audit: newest first; the search matches the admin's name, the target's label or an id. */
export async function searchAuditLog(log: AuditLog, query: AuditQuery): Promise<AuditPage> {
  const filter: Filter = {};
  if (query.action) filter.action = query.action;
  if (query.targetId) filter.targetId = query.targetId;
  if (query.search) {
    const text = query.search.trim();
    filter.$or = UUID.test(text)
      ? [{ targetId: text.toLowerCase() }, { actorId: text.toLowerCase() }]
      : [
          { actorName: new RegExp(crossScriptPattern(text)) },
          { targetLabel: new RegExp(crossScriptPattern(text)) },
        ];
  }
  const [total, docs] = await Promise.all([
    log.count(filter),
    log.find(filter, {
      sort: { at: -1, _id: 1 },
      skip: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    }),
  ]);
  return { items: docs.map(toAuditEntry), total, page: query.page, pageSize: query.pageSize };
}

export function toAuditEntry(doc: AuditDoc): AuditEntry {
  return {
    id: doc._id,
    at: doc.at,
    actorId: doc.actorId,
    actorName: doc.actorName,
    action: doc.action,
    targetType: doc.targetType,
    targetId: doc.targetId,
    targetLabel: doc.targetLabel ?? null,
    before: doc.before,
    after: doc.after,
  };
}
