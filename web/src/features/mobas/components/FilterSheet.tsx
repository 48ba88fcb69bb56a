import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { CodeUnavailable } from './CodeUnavailable';
import type { FilterFieldsProps } from './FilterFields';

type FieldsProps = FilterFieldsProps & { onRetry: () => void };

/** The fields come when the sheet first opens; offline before that, the sheet says so in words. */
export const loadFields = (): Promise<{ default: ComponentType<FieldsProps> }> =>
  import('./FilterFields').catch(() => ({ default: CodeUnavailable }));

/**
 * "Više filtera": the filters that are not chips (place, crop, dates, pay, must-haves) in a sheet
 * over the list; "Prikaži mobe" applies them and closes it, Escape or a tap beside it closes it.
 */
export function FilterSheet({
  onClose,
  ...fields
}: FilterFieldsProps & {
  /** Must keep its identity between renders (the dialog moves the focus in when it changes). */
  onClose: () => void;
}) {
  const { t } = useTranslation(['mobas', 'common']);
  // A failed fetch is tried again by a fresh lazy().
  const [attempt, setAttempt] = useState(0);
  const Fields = useMemo(() => lazy(loadFields), [attempt]);
  return (
    <Dialog title={t('filters.title')} onClose={onClose}>
      <button type="button" className="sheet-close" onClick={onClose}>
        {t('common:actions.close')}
      </button>
      <Suspense fallback={<Spinner />}>
        <Fields {...fields} onRetry={() => setAttempt((a) => a + 1)} />
      </Suspense>
    </Dialog>
  );
}
