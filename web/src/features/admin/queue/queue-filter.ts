import { queueFilterSchema, queueSorts, type QueueFilterInput, type QueueSort } from '@moba/contracts';

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
 * The filter a draft from the address asks for, checked with the service's own schema; null when
 * the service would refuse it (QueueFilters names the wrong fields before they reach the address).
 */
export function queueFilterOf(draft: FilterDraft): QueueFilterInput | null {
  const parsed = queueFilterSchema.safeParse(filterInput(draft));
  if (!parsed.success) return null;
  const { sort, ...rest } = parsed.data;
  return { ...rest, ...(sort !== 'oldest' ? { sort } : {}) };
}

export const isSort = (value: string | undefined): value is QueueSort =>
  (queueSorts as readonly string[]).includes(value ?? '');
