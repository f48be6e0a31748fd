import type { PriceListView } from '@quotebook/contracts';
import { api, tenantPath } from '../../app/api';

export interface PriceListRequest {
  name: string;
  startDate: string;
  endDate: string;
  reductionAmount: string | null;
  reductionPercentage: string | null;
  isActive: boolean;
}

const PRICE_LIST_LIST = { type: 'PriceList', id: 'LIST' } as const;

export const priceListsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPriceLists: build.query<PriceListView[], string>({
      query: (tenantId) => tenantPath(tenantId, 'price-lists'),
      providesTags: [PRICE_LIST_LIST],
    }),
    createPriceList: build.mutation<PriceListView, { tenantId: string; body: PriceListRequest }>({
      query: ({ tenantId, body }) => ({ url: tenantPath(tenantId, 'price-lists'), method: 'POST', body: { ...body, tenantId } }),
      invalidatesTags: [PRICE_LIST_LIST],
    }),
    updatePriceList: build.mutation<PriceListView, { tenantId: string; id: string; body: PriceListRequest }>({
      query: ({ tenantId, id, body }) => ({ url: tenantPath(tenantId, 'price-lists', id), method: 'PUT', body }),
      invalidatesTags: [PRICE_LIST_LIST],
    }),
    deletePriceList: build.mutation<void, { tenantId: string; id: string }>({
      query: ({ tenantId, id }) => ({ url: tenantPath(tenantId, 'price-lists', id), method: 'DELETE' }),
      invalidatesTags: [PRICE_LIST_LIST],
    }),
  }),
});

export const {
  useListPriceListsQuery,
  useCreatePriceListMutation,
  useUpdatePriceListMutation,
  useDeletePriceListMutation,
} = priceListsApi;
