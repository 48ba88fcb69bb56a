import type { UseFormReturn } from 'react-hook-form';
import type { CreateVacancy } from '@moba/contracts';
import type { Draft } from '../draft';

export type DraftForm = UseFormReturn<Draft, unknown, CreateVacancy>;

/** What every section of the create-moba form gets from the page that owns the form. */
export interface DraftSectionProps {
  form: DraftForm;
  /** The translated problem of a field, once the form shows it. */
  errorOf: (key: keyof Draft) => string | undefined;
}
