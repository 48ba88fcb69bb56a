import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { isUuidV4 } from '../../../app/paths';
import { UnknownRoute } from '../../../app/guards';
import { usePaymentStatusQuery } from '../api';
import { paymentResultOf } from '../result';
import { ResultView } from '../ResultView';

const POLL_MS = 2000;

/**
 * /payment/processing/{vacancyId?}: where the checkout sends an estate back after paying for
 * featuring (?status=success|error|cancelled, &free=1 for the promo). Without a status the page asks
 * the payment service until the payment has an outcome.
 */
export default function PaymentProcessingPage() {
  const { vacancyId } = useParams();
  const [params] = useSearchParams();
  if (vacancyId !== undefined && !isUuidV4(vacancyId)) return <UnknownRoute />;
  const paymentId = params.get('paymentId');
  const status = params.get('status');
  const lookup = status ? null : isUuidV4(paymentId ?? undefined) ? paymentId : (vacancyId ?? null);
  return (
    <Processing
      status={status}
      free={params.get('free')}
      code={params.get('code')}
      lookup={lookup}
      vacancyId={vacancyId}
    />
  );
}

function Processing({
  status,
  free,
  code,
  lookup,
  vacancyId,
}: {
  status: string | null;
  free: string | null;
  code: string | null;
  lookup: string | null;
  vacancyId: string | undefined;
}) {
  const [settled, setSettled] = useState(false);
  const stored = usePaymentStatusQuery(lookup ?? '', {
    skip: !lookup,
    pollingInterval: settled ? 0 : POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const storedStatus = stored.data?.status ?? null;
  useEffect(() => {
    if (stored.error || (storedStatus && storedStatus !== 'created')) setSettled(true);
  }, [stored.error, storedStatus]);
  const result =
    !status && !lookup
      ? { kind: 'unknown' as const, code: code ?? 'NO_PAYMENT' }
      : !status && stored.error
        ? { kind: 'unknown' as const, code: code ?? 'STATUS_UNAVAILABLE' }
        : paymentResultOf({ status, free, code, stored: storedStatus });
  return <ResultView result={result} purpose="featuring" vacancyId={vacancyId} />;
}
