import type { Draft } from '../draft';

export type SetDraftField = <K extends keyof Draft>(key: K, value: Draft[K]) => void;

/** What every section of the create-moba form gets from the page that owns the draft. */
export interface DraftSectionProps {
  draft: Draft;
  set: SetDraftField;
  /** A blur handler that marks the field as visited, so its problem shows. */
  touch: (key: string) => () => void;
  /** The translated problem of a field, once it should show. */
  errorOf: (key: string) => string | null;
}
