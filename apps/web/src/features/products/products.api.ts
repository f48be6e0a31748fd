import type { AvailabilityView, ProductView, TagIdsView } from '@quotebook/contracts';
import { api, tenantPath } from '../../app/api';

/** One language of a product at a time, as spec §3 describes the payload. */
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

export interface AvailabilityRequest {
  startDate: string;
  endDate: string;
  hasMinParticipants: boolean;
  minParticipants: number | null;
  hasCostPerPerson: boolean;
  costPerPerson: string | null;
  hasFlatRate: boolean;
  flatRate: string | null;
  hasAdditionalCosts: boolean;
  additionalCosts: string | null;
  priceIncludesVat: boolean;
}

type ProductRef = { tenantId: string; productId: string };

const PRODUCT_LIST = { type: 'Product', id: 'LIST' } as const;

/**
 * The list answers each product with its tag ids, availability periods and current price, so the page
 * needs one call for all of them (HANDBOOK §4). Every change re-reads that one list.
 */
export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listProducts: build.query<ProductView[], string>({
      query: (tenantId) => tenantPath(tenantId, 'products'),
      providesTags: [PRODUCT_LIST],
    }),
    createProduct: build.mutation<ProductView, { tenantId: string; body: ProductRequest }>({
      query: ({ tenantId, body }) => ({ url: tenantPath(tenantId, 'products'), method: 'POST', body: { ...body, tenantId } }),
      invalidatesTags: [PRODUCT_LIST],
    }),
    updateProduct: build.mutation<ProductView, ProductRef & { body: ProductRequest }>({
      query: ({ tenantId, productId, body }) => ({ url: tenantPath(tenantId, 'products', productId), method: 'PUT', body }),
      invalidatesTags: [PRODUCT_LIST],
    }),
    deleteProduct: build.mutation<void, ProductRef>({
      query: ({ tenantId, productId }) => ({ url: tenantPath(tenantId, 'products', productId), method: 'DELETE' }),
      invalidatesTags: [PRODUCT_LIST],
    }),
    setProductTags: build.mutation<TagIdsView, ProductRef & { tagIds: string[] }>({
      query: ({ tenantId, productId, tagIds }) => ({
        url: tenantPath(tenantId, 'products', productId, 'tags'),
        method: 'PUT',
        body: { tagIds },
      }),
      invalidatesTags: [PRODUCT_LIST],
    }),
    copyFromItalian: build.mutation<ProductView, ProductRef & { targetLanguages: string[] }>({
      query: ({ tenantId, productId, targetLanguages }) => ({
        url: tenantPath(tenantId, 'products', productId, 'copy-from-italian'),
        method: 'POST',
        body: { targetLanguages },
      }),
      invalidatesTags: [PRODUCT_LIST],
    }),
    createAvailability: build.mutation<AvailabilityView, ProductRef & { body: AvailabilityRequest }>({
      query: ({ tenantId, productId, body }) => ({
        url: tenantPath(tenantId, 'products', productId, 'availability'),
        method: 'POST',
        body,
      }),
      invalidatesTags: [PRODUCT_LIST],
    }),
    updateAvailability: build.mutation<AvailabilityView, ProductRef & { availabilityId: string; body: AvailabilityRequest }>({
      query: ({ tenantId, productId, availabilityId, body }) => ({
        url: tenantPath(tenantId, 'products', productId, 'availability', availabilityId),
        method: 'PUT',
        body,
      }),
      invalidatesTags: [PRODUCT_LIST],
    }),
    deleteAvailability: build.mutation<void, ProductRef & { availabilityId: string }>({
      query: ({ tenantId, productId, availabilityId }) => ({
        url: tenantPath(tenantId, 'products', productId, 'availability', availabilityId),
        method: 'DELETE',
      }),
      invalidatesTags: [PRODUCT_LIST],
    }),
  }),
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
