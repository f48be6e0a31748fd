import type { VatRateView } from '@quotebook/contracts';
import { api, crudEndpoints } from '../../app/api';

export type VatRateRequest = Pick<VatRateView, 'description' | 'rate'>;

export const vatRatesApi = api.injectEndpoints({
  endpoints: (build) => {
    const crud = crudEndpoints<VatRateView, VatRateRequest>(build, { type: 'VatRate', path: 'vat-rates' });
    return { listVatRates: crud.list, createVatRate: crud.create, updateVatRate: crud.update, deleteVatRate: crud.remove };
  },
});

export const { useListVatRatesQuery, useCreateVatRateMutation, useUpdateVatRateMutation, useDeleteVatRateMutation } =
  vatRatesApi;
