import type { BroadcastDeliveryState, BroadcastRecipient, BroadcastTotals } from '@moba/contracts';

/** Pure rules of a broadcast's delivery: one recipient's state, and the totals the estate reads. */

export interface DeliveryFacts {
  deliveredAt?: string;
  readAt?: string;
  sms?: 'queued' | 'sent' | 'failed';
}

/**
 * The furthest a message got to one person: read in the app, delivered to the app (a socket or the
 * list), its SMS sent, its SMS failed (and not seen in the app), or still queued.
 */
export function deliveryStateOf(facts: DeliveryFacts): BroadcastDeliveryState {
  if (facts.readAt) return 'read';
  if (facts.deliveredAt) return 'delivered';
  if (facts.sms === 'sent') return 'sms-sent';
  if (facts.sms === 'failed') return 'failed';
  return 'queued';
}

/** Counts by state; `smsSent` counts every sent SMS, also of people who read it in the app. */
export function deliveryTotals(
  recipients: readonly Pick<BroadcastRecipient, 'state' | 'sms'>[],
): BroadcastTotals {
  const count = (state: BroadcastDeliveryState) => recipients.filter((r) => r.state === state).length;
  return {
    recipients: recipients.length,
    queued: count('queued'),
    delivered: count('delivered'),
    read: count('read'),
    smsSent: recipients.filter((r) => r.sms === 'sent').length,
    failed: count('failed'),
  };
}
