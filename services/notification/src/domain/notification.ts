import { createHash } from 'node:crypto';

/**
 * A notification caused by an event gets an id derived from the event id and its recipient, so a
 * redelivered event maps to the same id and cannot create a second notification. The hash is shaped
 * as a UUID v4 (version and variant bits set) because route and body ids must be UUID v4.
 */
export function derivedNotificationId(eventId: string, recipientId: string, key: string): string {
  const hex = createHash('sha256').update(`${eventId}|${recipientId}|${key}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
