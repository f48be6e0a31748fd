import type { CustomerView, TagIdsView } from '@quotebook/contracts';
import { api, tenantPath } from '../../app/api';

export interface CustomerRequest {
  title: string;
  name: string;
  email: string;
  phone: string | null;
  contact: string | null;
  address: string | null;
  country: string | null;
  city: string | null;
  postalCode: string | null;
  priceListId: string | null;
  vatNumber: string | null;
  sdi: string | null;
  pec: string | null;
}

const CUSTOMER_LIST = { type: 'Customer', id: 'LIST' } as const;

/** The list answers each customer with its tag ids: no call per row (HANDBOOK §4). */
export const customersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCustomers: build.query<CustomerView[], string>({
      query: (tenantId) => tenantPath(tenantId, 'customers'),
      providesTags: [CUSTOMER_LIST],
    }),
    createCustomer: build.mutation<CustomerView, { tenantId: string; body: CustomerRequest }>({
      query: ({ tenantId, body }) => ({ url: tenantPath(tenantId, 'customers'), method: 'POST', body: { ...body, tenantId } }),
      invalidatesTags: [CUSTOMER_LIST],
    }),
    updateCustomer: build.mutation<CustomerView, { tenantId: string; id: string; body: CustomerRequest }>({
      query: ({ tenantId, id, body }) => ({ url: tenantPath(tenantId, 'customers', id), method: 'PUT', body }),
      invalidatesTags: [CUSTOMER_LIST],
    }),
    deleteCustomer: build.mutation<void, { tenantId: string; id: string }>({
      query: ({ tenantId, id }) => ({ url: tenantPath(tenantId, 'customers', id), method: 'DELETE' }),
      invalidatesTags: [CUSTOMER_LIST],
    }),
    setCustomerTags: build.mutation<TagIdsView, { tenantId: string; id: string; tagIds: string[] }>({
      query: ({ tenantId, id, tagIds }) => ({ url: tenantPath(tenantId, 'customers', id, 'tags'), method: 'PUT', body: { tagIds } }),
      invalidatesTags: [CUSTOMER_LIST],
    }),
  }),
});

export const {
  useListCustomersQuery,
  useCreateCustomerMutation,
  useUpdateCustomerMutation,
  useDeleteCustomerMutation,
  useSetCustomerTagsMutation,
} = customersApi;
