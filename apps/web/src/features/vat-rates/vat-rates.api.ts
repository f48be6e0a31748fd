import type { VatRateView } from '@quotebook/contracts';
import { api, tenantPath } from '../../app/api';

export interface VatRateRequest {
  description: string;
  rate: string;
}

const VAT_RATE_LIST = { type: 'VatRate', id: 'LIST' } as const;

export const vatRatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listVatRates: build.query<VatRateView[], string>({
      query: (tenantId) => tenantPath(tenantId, 'vat-rates'),
      providesTags: [VAT_RATE_LIST],
    }),
    createVatRate: build.mutation<VatRateView, { tenantId: string; body: VatRateRequest }>({
      query: ({ tenantId, body }) => ({ url: tenantPath(tenantId, 'vat-rates'), method: 'POST', body: { ...body, tenantId } }),
      invalidatesTags: [VAT_RATE_LIST],
    }),
    updateVatRate: build.mutation<VatRateView, { tenantId: string; id: string; body: VatRateRequest }>({
      query: ({ tenantId, id, body }) => ({ url: tenantPath(tenantId, 'vat-rates', id), method: 'PUT', body }),
      invalidatesTags: [VAT_RATE_LIST],
    }),
    deleteVatRate: build.mutation<void, { tenantId: string; id: string }>({
      query: ({ tenantId, id }) => ({ url: tenantPath(tenantId, 'vat-rates', id), method: 'DELETE' }),
      invalidatesTags: [VAT_RATE_LIST],
    }),
  }),
});

export const { useListVatRatesQuery, useCreateVatRateMutation, useUpdateVatRateMutation, useDeleteVatRateMutation } =
  vatRatesApi;
