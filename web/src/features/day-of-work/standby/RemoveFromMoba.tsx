import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { estateRemoveReasons, removeApplicationRequestSchema } from '@moba/contracts';
import { useReaderScript } from '../../../lib/reader-script';
import { showToast } from '../../../lib/toast';
import { useRemoveFromMobaMutation } from './api';
import { releaseIsLate } from './late';
import { ReleaseDialog } from './ReleaseDialog';

/** The estate's "Ukloni" on an accepted person of its moba, with a reason; the place goes to standby. */
export function RemoveFromMoba({
  applicationId,
  name,
  moba,
}: {
  applicationId: string;
  name: string;
  moba: { id: string; startDate: string; endDate: string };
}) {
  const { t } = useTranslation('day-of-work');
  const shown = useReaderScript();
  const [open, setOpen] = useState(false);
  const [remove, { isLoading, error, data }] = useRemoveFromMobaMutation();
  const late = releaseIsLate('estate-removed', moba);
  if (data)
    return (
      <p className="alert success" role="status" data-testid="removed-from-moba">
        {t('standby.removed')}
      </p>
    );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} data-testid="remove-from-moba">
        {t('standby.remove')}
      </button>
      {open && (
        <ReleaseDialog
          title={t('standby.removeTitle', { name: shown(name) })}
          schema={removeApplicationRequestSchema}
          reasons={estateRemoveReasons}
          reasonLabel={t('standby.removeReason')}
          reasonText={(r) => t(`standby.estateReasons.${r}`)}
          warning={{ late, text: late ? t('standby.estateLateWarning') : '' }}
          submitLabel={t('standby.confirmRemove')}
          busy={isLoading}
          error={error}
          onSubmit={async (body) => {
            const result = await remove({
              applicationId,
              vacancyId: moba.id,
              body: body as Parameters<typeof remove>[0]['body'],
            });
            if (!('error' in result)) {
              setOpen(false);
              // The person leaves the list as it reloads: the toast stays to say so.
              showToast(t('standby.removed'), 'success');
            }
            return result;
          }}
          onClose={() => setOpen(false)}
          testId="remove-dialog"
        />
      )}
    </>
  );
}
