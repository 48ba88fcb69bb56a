import {
  AdminActionRecorded,
  topics,
  type AdminAction,
  type AuditTargetType,
  type AuditValues,
} from '@moba/contracts';
import type { Clock } from './clock';
import type { PendingEvent } from './outbox';

export interface AdminAuditInput {
  /** The admin who acted: `userOf(req)` (id and fullName from the token). */
  actor: { id: string; fullName: string };
  action: AdminAction;
  target: { type: AuditTargetType; id: string; label?: string };
  /** The fields the action changed, as they were (null when the object is new). */
  before: AuditValues | null;
  /** The same fields afterwards (null when the object is gone). */
  after: AuditValues | null;
}

/**
 * The one way a service records an admin action in the audit log: put the returned event in the
 * outbox of the same write that makes the change, e.g.
 * `updateOne(filter, pushEvents({ $set: change }, [adminAudit({...}, ctx.clock)]))`, then `relay.kick()`.
 * The auth service stores it (append-only) and shows it at POST /admin/audit; see events/audit.ts.
 */
export function adminAudit(input: AdminAuditInput, clock: Clock): PendingEvent {
  const at = clock.now();
  return {
    topic: topics.audit,
    event: AdminActionRecorded.create(
      input.target.id,
      {
        actorId: input.actor.id,
        actorName: input.actor.fullName,
        action: input.action,
        targetType: input.target.type,
        targetId: input.target.id,
        ...(input.target.label ? { targetLabel: input.target.label } : {}),
        before: input.before,
        after: input.after,
        at: at.toISOString(),
      },
      { occurredAt: at },
    ),
  };
}
