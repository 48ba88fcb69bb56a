import { eventEnvelopeSchema, type EventEnvelope } from '@moba/contracts';

export type ReadEnvelope =
  { event: EventEnvelope; problem?: undefined } | { event?: undefined; problem: string };

const describe = (issues: { path: PropertyKey[]; message: string }[]) =>
  issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');

/**
 * What a consumer received, checked with the envelope schema before any handler sees it; a problem
 * is never transient: the entry goes to the dead letters at once. The data of each type is checked
 * by the consumer with the schema of the fields it reads (producers may add fields); a consumer's
 * schema failure (a ZodError or MalformedEventError) dead-letters the event at once as well.
 */
export function checkEnvelope(value: unknown): ReadEnvelope {
  const envelope = eventEnvelopeSchema.safeParse(value);
  if (!envelope.success) return { problem: `invalid envelope (${describe(envelope.error.issues)})` };
  return { event: value as EventEnvelope };
}

/** The same check for the text a broker holds (JSON). */
export function readEnvelope(text: string | undefined | null): ReadEnvelope {
  if (!text) return { problem: 'empty entry' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'unreadable entry (not JSON)' };
  }
  return checkEnvelope(value);
}
