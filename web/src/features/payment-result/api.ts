import type { PaymentStatusResponse } from '@moba/contracts';
import { baseApi } from '../../lib/api';

/** GET /payment/status/{id}: a payment id, or a vacancy id (its newest featuring payment). */
export const paymentResultApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    paymentStatus: build.query<PaymentStatusResponse, string>({
      query: (id) => `/payment/status/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Payment', id }],
    }),
  }),
});

export const { usePaymentStatusQuery } = paymentResultApi;
