import { topics } from '@moba/contracts';
import type { EventBus } from '@moba/platform';
import { appendAuditEntry, type AuditLog } from '../keep-audit-log/keep-audit-log';

export const AUTH_AUDIT_GROUP = 'auth-audit';

/** The auth service keeps the admin audit log that every service reports to on audit.v1. */
export async function subscribeAuth(bus: EventBus, auditLog: AuditLog) {
  await bus.subscribe(topics.audit, AUTH_AUDIT_GROUP, (event) => appendAuditEntry(auditLog, event));
}
