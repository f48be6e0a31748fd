import type { PriceListView } from '@quotebook/contracts';
import { api, crudEndpoints } from '../../app/api';

export interface PriceListRequest {
  name: string;
  startDate: string;
  endDate: string;
  reductionAmount: string | null;
  reductionPercentage: string | null;
  isActive: boolean;
}

export const priceListsApi = api.injectEndpoints({
  endpoints: (build) => {
    const crud = crudEndpoints<PriceListView, PriceListRequest>(build, { type: 'PriceList', path: 'price-lists' });
    return { listPriceLists: crud.list, createPriceList: crud.create, updatePriceList: crud.update, deletePriceList: crud.remove };
  },
});

export const {
  useListPriceListsQuery,
  useCreatePriceListMutation,
  useUpdatePriceListMutation,
  useDeletePriceListMutation,
} = priceListsApi;
