import type {
  CreatePaymentBody,
  DonationInstructionsBody,
  DonationInstructionsResponse,
  PaymentStatusResponse,
} from '@moba/contracts';
import { PAYMENT_ERROR_CODE_HEADER } from '@moba/contracts';
import { baseApi } from '../../lib/api';

/** A failed POST /payment/create: its status, text body and the stable code of the x-error-code header. */
export interface CreatePaymentError {
  status: number | string;
  text: string | null;
  code: string | null;
}

/** Donation calls: card checkout (POST /payment/create answers text), IPS QR and slip instructions. */
export const donationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createPayment: build.mutation<string, CreatePaymentBody>({
      query: (body) => ({ url: '/payment/create', method: 'POST', body, responseHandler: 'text' }),
      transformErrorResponse: (error, meta): CreatePaymentError => {
        const e = error as {
          status: number | string;
          originalStatus?: number;
          data?: unknown;
          error?: string;
        };
        return {
          status: e.originalStatus ?? e.status,
          text: typeof e.data === 'string' ? e.data : (e.error ?? null),
          code:
            (meta as { response?: Response } | undefined)?.response?.headers.get(PAYMENT_ERROR_CODE_HEADER) ??
            null,
        };
      },
    }),
    donationInstructions: build.mutation<DonationInstructionsResponse, DonationInstructionsBody>({
      query: (body) => ({ url: '/payment/donation/instructions', method: 'POST', body }),
    }),
    donationStatus: build.query<PaymentStatusResponse, string>({
      query: (id) => `/payment/status/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Payment', id }],
    }),
  }),
});

export const { useCreatePaymentMutation, useDonationInstructionsMutation, useDonationStatusQuery } =
  donationsApi;
