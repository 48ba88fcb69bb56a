import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paymentPurposes, type PaymentPurpose } from '@moba/contracts';
import { formatRsd } from '../../../lib/format';
import { isUuidV4 } from '../../../app/paths';
import { usePaymentStatusQuery } from '../api';
import { paymentResultOf, resultPurpose } from '../result';
import { ResultView } from '../ResultView';

/**
 * /payment-status?status=…: the outcome of a payment that has no vacancy page to return to (a card
 * donation that failed or was cancelled), and of a payment that could not start
 * (status=invalid | unavailable | unknown&code=…, spec §8). A known payment id tells the purpose.
 */
export default function PaymentStatusPage() {
  const { i18n } = useTranslation();
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId');
  const known = isUuidV4(paymentId ?? undefined) ? paymentId! : null;
  const stored = usePaymentStatusQuery(known ?? '', { skip: !known });
  const asked = params.get('purpose');
  const purpose: PaymentPurpose = resultPurpose(
    stored.data?.purpose ??
      (paymentPurposes.includes(asked as PaymentPurpose) ? (asked as PaymentPurpose) : null),
    Boolean(params.get('vacancyId')),
  );
  const result = paymentResultOf({
    status: params.get('status'),
    free: params.get('free'),
    code: params.get('code'),
    stored: stored.data?.status ?? null,
  });
  const shown =
    result.kind === 'processing' && !known ? { kind: 'unknown' as const, code: 'NO_STATUS' } : result;
  return (
    <ResultView
      result={shown}
      purpose={purpose}
      amount={stored.data ? formatRsd(stored.data.amount, i18n.language) : undefined}
    />
  );
}
