import type { AvailabilityView, ProductView, TagIdsView } from '@quotebook/contracts';
import { api, crudEndpoints, tenantPath } from '../../app/api';

/** One language of a product at a time: the texts sent are those of `language`. */
export interface ProductRequest {
  language: string;
  title: string;
  subtitle: string | null;
  shortDescription: string | null;
  extendedDescription: string | null;
  durationHours: number;
  durationMinutes: number;
  vatRateId: string | null;
}

/** What the period dialog sends: every field of the period but the ids. */
export type AvailabilityRequest = Omit<AvailabilityView, 'id' | 'productId'>;

type ProductRef = { tenantId: string; productId: string };

const PRODUCT_LIST = [{ type: 'Product', id: 'LIST' }] as const;

/** A call on one product: `tenants/{tenantId}/products/{productId}/…`. */
const productPath = ({ tenantId, productId }: ProductRef, ...segments: string[]) => tenantPath(tenantId, 'products', productId, ...segments);

/**
 * The list answers each product with its tag ids, availability periods and current price, so the page
 * needs one call for all of them. Every change re-reads that one list.
 */
export const productsApi = api.injectEndpoints({
  endpoints: (build) => {
    const crud = crudEndpoints<ProductView, ProductRequest, 'productId'>(build, {
      type: 'Product',
      path: 'products',
      idKey: 'productId',
      // the dashboard counts the agency's products
      alsoInvalidates: ['Dashboard'],
    });
    return {
      listProducts: crud.list,
      createProduct: crud.create,
      updateProduct: crud.update,
      deleteProduct: crud.remove,
      setProductTags: build.mutation<TagIdsView, ProductRef & { tagIds: string[] }>({
        query: ({ tagIds, ...ref }) => ({ url: productPath(ref, 'tags'), method: 'PUT', body: { tagIds } }),
        invalidatesTags: PRODUCT_LIST,
      }),
      copyFromItalian: build.mutation<ProductView, ProductRef & { targetLanguages: string[] }>({
        query: ({ targetLanguages, ...ref }) => ({ url: productPath(ref, 'copy-from-italian'), method: 'POST', body: { targetLanguages } }),
        invalidatesTags: PRODUCT_LIST,
      }),
      createAvailability: build.mutation<AvailabilityView, ProductRef & { body: AvailabilityRequest }>({
        query: ({ body, ...ref }) => ({ url: productPath(ref, 'availability'), method: 'POST', body }),
        invalidatesTags: PRODUCT_LIST,
      }),
      updateAvailability: build.mutation<AvailabilityView, ProductRef & { availabilityId: string; body: AvailabilityRequest }>({
        query: ({ availabilityId, body, ...ref }) => ({ url: productPath(ref, 'availability', availabilityId), method: 'PUT', body }),
        invalidatesTags: PRODUCT_LIST,
      }),
      deleteAvailability: build.mutation<void, ProductRef & { availabilityId: string }>({
        query: ({ availabilityId, ...ref }) => ({ url: productPath(ref, 'availability', availabilityId), method: 'DELETE' }),
        invalidatesTags: PRODUCT_LIST,
      }),
    };
  },
});

export const {
  useListProductsQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useSetProductTagsMutation,
  useCopyFromItalianMutation,
  useCreateAvailabilityMutation,
  useUpdateAvailabilityMutation,
  useDeleteAvailabilityMutation,
} = productsApi;
