import type { PaymentDto, PaymentView } from '@quotebook/contracts';
import { api, tenantPath, type ApiTagType } from '../../app/api';

export type PaymentRequest = PaymentDto;

type QuoteRef = { tenantId: string; quoteId: string };

/** The payments belong to the quote: read with its tag, and each change refreshes the quote's figures, the list and the dashboard. */
const paymentsChanged = (_result: unknown, _error: unknown, { quoteId }: QuoteRef) =>
  [
    { type: 'Quote', id: quoteId },
    { type: 'Quote', id: 'LIST' },
    { type: 'Dashboard', id: 'LIST' },
  ] as const satisfies readonly { type: ApiTagType; id: string }[];

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPayments: build.query<PaymentView[], QuoteRef>({
      query: ({ tenantId, quoteId }) => tenantPath(tenantId, 'quotes', quoteId, 'payments'),
      providesTags: (_result, _error, { quoteId }) => [{ type: 'Quote', id: quoteId }],
    }),
    addPayment: build.mutation<PaymentView, QuoteRef & { body: PaymentRequest }>({
      query: ({ tenantId, quoteId, body }) => ({ url: tenantPath(tenantId, 'quotes', quoteId, 'payments'), method: 'POST', body }),
      invalidatesTags: paymentsChanged,
    }),
    deletePayment: build.mutation<void, QuoteRef & { paymentId: string }>({
      query: ({ tenantId, quoteId, paymentId }) => ({ url: tenantPath(tenantId, 'quotes', quoteId, 'payments', paymentId), method: 'DELETE' }),
      invalidatesTags: paymentsChanged,
    }),
  }),
});

export const { useListPaymentsQuery, useAddPaymentMutation, useDeletePaymentMutation } = paymentsApi;
