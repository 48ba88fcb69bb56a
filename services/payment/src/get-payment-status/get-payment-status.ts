import { paymentErrorCodes, type PaymentStatusResponse } from '@moba/contracts';
import { AppError, forbidden, unauthenticated, type AuthUser } from '@moba/platform';
import type { PaymentDoc, VacancyReplica } from '../domain/payment';
import type { PaymentStore } from '../store';

const notFound = () => new AppError(paymentErrorCodes.NOT_FOUND, 'payment not found');

/** Who may read a payment: a featuring's estate; a signed-in donor; anyone holding a visitor's donation id; admins. */
function authorise(owner: string | undefined, user: AuthUser | undefined) {
  if (owner === undefined) return;
  if (!user) throw unauthenticated();
  if (user.role !== 'Admin' && user.id !== owner) throw forbidden();
}

function present(payment: PaymentDoc): PaymentStatusResponse {
  return {
    paymentId: payment._id,
    purpose: payment.purpose,
    status: payment.status,
    amount: payment.amount,
    currency: 'RSD',
    ...(payment.vacancyId ? { vacancyId: payment.vacancyId } : {}),
    ...(payment.method ? { method: payment.method } : {}),
    ...(payment.tier ? { tier: payment.tier } : {}),
    free: false,
    createdAt: payment.createdAt,
    ...(payment.completedAt ? { completedAt: payment.completedAt } : {}),
  };
}

function freeFeaturing(vacancy: VacancyReplica): PaymentStatusResponse {
  return {
    paymentId: null,
    purpose: 'featuring',
    status: 'succeeded',
    amount: 0,
    currency: 'RSD',
    vacancyId: vacancy._id,
    free: true,
  };
}

/**
 * GET /payment/status/{id}: the id of a payment, or of a vacancy (the SPA's /payment/processing/{vacancyId}
 * knows only that): its newest featuring payment, or a free featuring's success.
 */
export async function getPaymentStatus(
  store: PaymentStore,
  id: string,
  user: AuthUser | undefined,
): Promise<PaymentStatusResponse> {
  const payment = await store.payments.findOne({ _id: id });
  if (payment) {
    authorise(payment.purpose === 'featuring' ? payment.estateId : payment.payerId, user);
    return present(payment);
  }
  const vacancy = await store.vacancies.findOne({ _id: id });
  if (!vacancy) throw notFound();
  authorise(vacancy.estateId, user);
  const [newest] = await store.payments.find({ vacancyId: id }, { sort: { createdAt: -1 }, limit: 1 });
  if (newest) return present(newest);
  if (vacancy.featuring === 'free') return freeFeaturing(vacancy);
  throw notFound();
}
