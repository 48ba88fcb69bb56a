import { z } from 'zod';

/** The one envelope every event travels in. `key` is the aggregate id (per-key order). */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  key: z.string().min(1),
  correlationId: z.string().optional(),
  /** W3C trace context of the work that wrote the event: its consumers continue that trace. */
  traceparent: z.string().max(128).optional(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: T };

export interface EventDefinition<T extends z.ZodType> {
  type: string;
  version: number;
  topic: string;
  data: T;
  envelope: z.ZodType<EventEnvelope<z.infer<T>>>;
  create(
    key: string,
    data: z.infer<T>,
    options?: { correlationId?: string; occurredAt?: Date },
  ): EventEnvelope<z.infer<T>>;
  is(event: EventEnvelope): event is EventEnvelope<z.infer<T>>;
}

/** Declares one event type on a versioned topic; the type string, never a class name, is the wire name. */
export function defineEvent<T extends z.ZodType>(
  topic: string,
  type: string,
  version: number,
  data: T,
): EventDefinition<T> {
  const envelope = eventEnvelopeSchema.extend({
    type: z.literal(type),
    version: z.literal(version),
    data,
  }) as unknown as z.ZodType<EventEnvelope<z.infer<T>>>;
  return {
    type,
    version,
    topic,
    data,
    envelope,
    create(key, payload, options = {}) {
      return {
        id: crypto.randomUUID(),
        type,
        version,
        occurredAt: (options.occurredAt ?? new Date()).toISOString(),
        key,
        ...(options.correlationId ? { correlationId: options.correlationId } : {}),
        data: data.parse(payload),
      };
    },
    is(event): event is EventEnvelope<z.infer<T>> {
      return event.type === type;
    },
  };
}

export const topics = {
  auth: 'auth.v1',
  vacancy: 'vacancy.v1',
  application: 'application.v1',
  rating: 'rating.v1',
  payment: 'payment.v1',
  notification: 'notification.v1',
  /** Admin actions for the append-only audit log (see events/audit.ts). */
  audit: 'audit.v1',
} as const;
export type Topic = (typeof topics)[keyof typeof topics];
