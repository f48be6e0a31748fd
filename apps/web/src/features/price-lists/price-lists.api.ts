import type { PriceListView } from '@quotebook/contracts';
import { api, crudEndpoints } from '../../app/api';

/** What the price list dialog sends: every field of the list but its id and creation date. */
export type PriceListRequest = Omit<PriceListView, 'id' | 'createdAt'>;

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
