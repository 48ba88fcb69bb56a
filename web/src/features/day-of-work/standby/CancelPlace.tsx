import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelApplicationRequestSchema, workerCancelReasons } from '@moba/contracts';
import { useReaderScript } from '../../../lib/reader-script';
import { showToast } from '../../../lib/toast';
import { useCancelPlaceMutation } from './api';
import { releaseIsLate } from './late';
import { ReleaseDialog } from './ReleaseDialog';

/**
 * "Otkaži" on the worker's accepted card: a reason dialog that warns when the cancellation is late
 * (it counts in their reliability); the place goes to the waiting list at once.
 */
export function CancelPlace({
  applicationId,
  moba,
}: {
  applicationId: string;
  moba: { title: string; startDate: string; endDate: string };
}) {
  const { t } = useTranslation('day-of-work');
  const shown = useReaderScript();
  const [open, setOpen] = useState(false);
  const [cancel, { isLoading, error, data }] = useCancelPlaceMutation();
  const late = releaseIsLate('worker-cancelled', moba);
  if (data)
    return (
      <p className="alert success" role="status" data-testid="place-cancelled">
        {t(data.late ? 'standby.cancelledLate' : 'standby.cancelled')}
      </p>
    );
  return (
    <>
      <button type="button" className="block" onClick={() => setOpen(true)} data-testid="cancel-place">
        {t('standby.cancel')}
      </button>
      {open && (
        <ReleaseDialog
          title={t('standby.cancelTitle', { title: shown(moba.title) })}
          schema={cancelApplicationRequestSchema}
          reasons={workerCancelReasons}
          reasonLabel={t('standby.cancelReason')}
          reasonText={(r) => t(`standby.reasons.${r}`)}
          warning={{ late, text: t(late ? 'standby.lateWarning' : 'standby.onTimeNote') }}
          submitLabel={t('standby.confirmCancel')}
          busy={isLoading}
          error={error}
          onSubmit={async (body) => {
            const result = await cancel({
              applicationId,
              body: body as Parameters<typeof cancel>[0]['body'],
            });
            if (!('error' in result)) {
              setOpen(false);
              // The card leaves the active list as it reloads: the toast stays to say so.
              showToast(t(result.data.late ? 'standby.cancelledLate' : 'standby.cancelled'), 'success');
            }
            return result;
          }}
          onClose={() => setOpen(false)}
          testId="cancel-dialog"
        />
      )}
    </>
  );
}
