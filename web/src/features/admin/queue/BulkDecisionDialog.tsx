import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkDecision, BulkDecisionResult } from '@moba/contracts';
import { Dialog } from '../../../components/Dialog';
import { useDecideApplicationsMutation, useDecisionBatchQuery } from '../api';
import { AdminError } from '../components/AdminError';
import { reasonKeyOf } from '../errors';
import { progressPercent } from './progress';
import { apiErrorInfo } from '../../../lib/api';
import { DialogActions } from '../../../components/DialogActions';

/**
 * One bulk decision from confirmation to its outcome: asks first, then runs the batch with a
 * batchId made here once (a retry after a failed request sends the same id, so nothing is decided
 * twice), shows the progress while it runs and, at the end, what happened to each item and why.
 */
export function BulkDecisionDialog({
  decision,
  applicationIds,
  nameOf,
  onClose,
}: {
  decision: BulkDecision;
  applicationIds: string[];
  nameOf: (applicationId: string) => string;
  onClose: (result: BulkDecisionResult | null) => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const [batchId] = useState(() => crypto.randomUUID());
  const [started, setStarted] = useState(false);
  const [decide, state] = useDecideApplicationsMutation();
  // The gateway gives up on a long request (504) while the service goes on deciding: keep following it.
  const timedOut = apiErrorInfo(state.error).status === 504;
  const [following, setFollowing] = useState(true);
  const answered = state.data?.status === 'done' ? state.data : null;
  const polling =
    started && !answered && following && (state.isLoading || state.data?.status === 'running' || timedOut);
  const progress = useDecisionBatchQuery(batchId, { skip: !polling, pollingInterval: 500 });
  const result = answered ?? (progress.data?.status === 'done' ? progress.data : null);
  const running = started && !result && (state.isLoading || polling);
  const batchUnknown = timedOut && apiErrorInfo(progress.error).status === 404;
  useEffect(() => {
    if (batchUnknown) setFollowing(false); // the batch never began: offer the retry at once
  }, [batchUnknown]);
  useEffect(() => {
    if (!polling) return;
    const giveUp = setTimeout(() => setFollowing(false), 5 * 60_000);
    return () => clearTimeout(giveUp);
  }, [polling]);

  const run = () => {
    setStarted(true);
    setFollowing(true);
    void decide({ batchId, decision, applicationIds });
  };
  const processed = result?.processed ?? progress.data?.processed ?? state.data?.processed ?? 0;
  const total = result?.total ?? progress.data?.total ?? applicationIds.length;
  const title = t(decision === 'accept' ? 'bulk.acceptTitle' : 'bulk.rejectTitle', {
    count: applicationIds.length,
  });

  return (
    <Dialog title={title} onClose={() => !running && onClose(result)}>
      {!started && (
        <>
          <p>
            {t(decision === 'accept' ? 'bulk.confirmAccept' : 'bulk.confirmReject', {
              count: applicationIds.length,
            })}
          </p>
          <DialogActions onCancel={() => onClose(null)}>
            <button
              type="button"
              className={decision === 'reject' ? 'danger' : 'primary'}
              onClick={run}
              data-testid="bulk-confirm"
            >
              {t(decision === 'accept' ? 'bulk.accept' : 'bulk.reject', { count: applicationIds.length })}
            </button>
          </DialogActions>
        </>
      )}
      {started && (
        <div aria-live="polite">
          <p>{t('bulk.progress', { processed, total })}</p>
          <progress
            max={100}
            value={progressPercent(processed, total)}
            aria-label={t('bulk.progressLabel')}
            data-testid="bulk-progress"
          />
        </div>
      )}
      {state.error && !running && !result && (
        <>
          <AdminError action={decision} error={state.error} />
          <div className="form-actions">
            <button type="button" onClick={() => onClose(null)}>
              {t('common:actions.close')}
            </button>
            <button type="button" className="primary" onClick={run}>
              {t('common:actions.retry')}
            </button>
          </div>
        </>
      )}
      {result && <BulkOutcome result={result} nameOf={nameOf} onClose={() => onClose(result)} />}
    </Dialog>
  );
}

function BulkOutcome({
  result,
  nameOf,
  onClose,
}: {
  result: BulkDecisionResult;
  nameOf: (applicationId: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const refused = result.items.filter((i) => i.outcome === 'refused');
  return (
    <div data-testid="bulk-outcome">
      <p className="alert success">
        {t(result.decision === 'accept' ? 'bulk.doneAccepted' : 'bulk.doneRejected', {
          count: result.decision === 'accept' ? result.accepted : result.rejected,
        })}
        {refused.length > 0 && <> {t('bulk.doneRefused', { count: refused.length })}</>}
      </p>
      {refused.length > 0 && (
        <ul className="bulk-refused" data-testid="bulk-refused">
          {refused.map((item) => {
            const reasonKey = reasonKeyOf(item.code);
            return (
              <li key={item.applicationId}>
                <strong>{nameOf(item.applicationId)}</strong>: {reasonKey ? t(reasonKey) : item.code}
              </li>
            );
          })}
        </ul>
      )}
      <div className="form-actions">
        <button type="button" className="primary" onClick={onClose}>
          {t('common:actions.close')}
        </button>
      </div>
    </div>
  );
}
