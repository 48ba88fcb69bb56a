import type { AuditTargetType, AuditValues } from '@moba/contracts';

/**
 * The text key of a value the services record as a code (a status, a review state, yes/no), or null
 * for free text (a note, a title, a name), which the log shows as it was written.
 */
export function auditValueKey(
  targetType: AuditTargetType,
  field: string,
  value: AuditValues[string],
): string | null {
  if (typeof value === 'boolean') return `audit.value.${value ? 'yes' : 'no'}`;
  if (typeof value !== 'string') return null;
  // A moba's statuses differ from an application's (a guest's application has the same ones).
  if (field === 'status')
    return `audit.status.${targetType === 'vacancy' ? 'vacancy' : 'application'}.${value}`;
  if (field === 'review') return `audit.review.${value}`;
  return null;
}
