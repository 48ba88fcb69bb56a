import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationStatus, VacancyItem } from '@moba/contracts';
import { ALREADY_APPLIED_BODY } from '@moba/contracts/plain-values';
import { apiErrorInfo } from '../../../lib/api';
import { useFeatureErrorText } from '../../../lib/feature-error-text';
import { useMeQuery } from '../../auth';
import { useApplyMutation } from '../api';
import { ApplicationStateNote } from './ApplicationStateNote';
import type { LeaderFieldsProps, LeaderPick } from './LeaderFields';

/**
 * A worker's application to one moba, as browse's details and the moba's page both offer it: the
 * state of an earlier application, or a group leader's crew fields, the refusals in words, and the
 * apply button (beside a close button where there is something to close).
 */
export function ApplyPanel({
  vacancy,
  status,
  onClose,
}: {
  vacancy: VacancyItem;
  /** The worker's own application to it, if any. */
  status: ApplicationStatus | undefined;
  onClose?: () => void;
}) {
  const { t } = useTranslation(['mobas', 'common']);
  const errorText = useFeatureErrorText('mobas');
  // The account the shell's guidance reads too: one request for both.
  const { data: me } = useMeQuery('Worker');
  const [apply, { isLoading, error, isSuccess }] = useApplyMutation();
  const leader = !!me && 'groupLeader' in me && me.groupLeader && vacancy.groupLeadersAccepted;
  const [pick, setPick] = useState<LeaderPick>(noPick);
  // Per opening, so a fetch that failed (offline) is tried again the next time.
  const LeaderFields = useMemo(() => lazy(loadLeaderFields), []);
  const { body: leaderBody, invalid: peopleInvalid } = leader ? pick : noPick;
  const info = error ? apiErrorInfo(error) : null;
  const alreadyApplied = info?.message === ALREADY_APPLIED_BODY;
  const full = vacancy.freePositions <= 0;
  // Offline, an application is refused here, in words, never queued out of sight.
  const [offlineTry, setOfflineTry] = useState(false);
  const offline = offlineTry || info?.status === 'FETCH_ERROR' || info?.status === 'TIMEOUT_ERROR';

  const onApply = () => {
    if (peopleInvalid) return;
    setOfflineTry(typeof navigator !== 'undefined' && navigator.onLine === false);
    if (navigator.onLine === false) return;
    void apply({ vacancyId: vacancy.id, ...leaderBody });
  };

  return (
    <>
      {status && !isSuccess ? (
        <ApplicationStateNote status={status} />
      ) : isSuccess ? (
        <>
          <p className="alert success" role="status" data-testid="apply-success">
            {t('apply.success')}
          </p>
          <Suspense fallback={null}>
            <InstallOffer />
          </Suspense>
        </>
      ) : alreadyApplied ? (
        <p className="alert error" role="alert" data-testid="already-applied">
          {t('apply.alreadyApplied')}
        </p>
      ) : (
        <>
          {leader && (
            <Suspense fallback={null}>
              <LeaderFields vacancy={vacancy} groupSize={me?.groupSize ?? 0} onChange={setPick} />
            </Suspense>
          )}
          {offline ? (
            <p className="alert error" role="alert" data-testid="apply-offline">
              {t('apply.offline')}
            </p>
          ) : (
            error &&
            !alreadyApplied && (
              <p className="alert error" role="alert">
                {errorText(error, 'mobas:apply.error')}
              </p>
            )
          )}
          {full && <p className="notice">{t('apply.full')}</p>}
        </>
      )}
      <div className="form-actions">
        {onClose && (
          <button type="button" onClick={onClose}>
            {t('common:actions.close')}
          </button>
        )}
        {!status && !isSuccess && !alreadyApplied && (
          <button
            type="button"
            className="primary"
            disabled={isLoading || full || peopleInvalid}
            onClick={onApply}
          >
            {t('apply.submit')}
          </button>
        )}
      </div>
    </>
  );
}

const noPick: LeaderPick = { body: {}, invalid: false };

// Asked for only after a successful application; offline it is simply not offered.
const InstallOffer = lazy(() => import('./InstallOffer').catch(() => ({ default: () => null })));

// A group leader's part of the apply dialog (crew picker, head count) comes when a leader opens one.
// When it cannot be fetched the leader is told so, and cannot apply without saying who comes.
const loadLeaderFields = (): Promise<{ default: ComponentType<LeaderFieldsProps> }> =>
  import('./LeaderFields').catch(() => ({ default: LeaderFieldsUnavailable }));

function LeaderFieldsUnavailable({ onChange }: LeaderFieldsProps) {
  const { t } = useTranslation('common');
  useEffect(() => onChange({ body: {}, invalid: true }), [onChange]);
  return (
    <p className="alert error" role="alert">
      {t('errors.network')}
    </p>
  );
}
