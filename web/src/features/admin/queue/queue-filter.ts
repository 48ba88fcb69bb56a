import { queueFilterSchema, queueSorts, type QueueFilterInput, type QueueSort } from '@moba/contracts';
import { issuesByField } from '../../../lib/validation';

/** The queue's filters as they live in the address (so a reload or a shared link keeps them). */
export const filterKeys = ['municipality', 'district', 'startFrom', 'startTo', 'crop', 'sort'] as const;
export type FilterKey = (typeof filterKeys)[number];
export type FilterDraft = Partial<Record<FilterKey, string>>;

export function draftFromParams(params: URLSearchParams): FilterDraft {
  const draft: FilterDraft = {};
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value) draft[key] = value;
  }
  return draft;
}

/** The filled fields of a draft, trimmed: what the schema reads. */
export function filterInput(draft: FilterDraft): Record<string, string> {
  const input: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = draft[key]?.trim();
    if (value) input[key] = value;
  }
  return input;
}

/**
 * The draft checked with the server's own schema: the filter to send, or an error token per field
 * (the same rules the service enforces, so a wrong municipality is named before any request).
 */
export function checkFilter(
  draft: FilterDraft,
): { filter: QueueFilterInput; errors: null } | { filter: null; errors: Record<string, string> } {
  const input = filterInput(draft);
  const parsed = queueFilterSchema.safeParse(input);
  if (!parsed.success) return { filter: null, errors: issuesByField(parsed.error.issues, input) };
  const { sort, ...rest } = parsed.data;
  return { filter: { ...rest, ...(sort !== 'oldest' ? { sort } : {}) }, errors: null };
}

export const isSort = (value: string | undefined): value is QueueSort =>
  (queueSorts as readonly string[]).includes(value ?? '');
