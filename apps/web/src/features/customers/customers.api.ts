import type { CustomerView, TagIdsView } from '@quotebook/contracts';
import { api, crudEndpoints, tenantPath } from '../../app/api';

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

/** The list answers each customer with its tag ids: no call per row. */
export const customersApi = api.injectEndpoints({
  endpoints: (build) => {
    const crud = crudEndpoints<CustomerView, CustomerRequest>(build, { type: 'Customer', path: 'customers' });
    return {
      listCustomers: crud.list,
      createCustomer: crud.create,
      updateCustomer: crud.update,
      deleteCustomer: crud.remove,
      setCustomerTags: build.mutation<TagIdsView, { tenantId: string; id: string; tagIds: string[] }>({
        query: ({ tenantId, id, tagIds }) => ({ url: tenantPath(tenantId, 'customers', id, 'tags'), method: 'PUT', body: { tagIds } }),
        invalidatesTags: [{ type: 'Customer', id: 'LIST' }],
      }),
    };
  },
});

export const {
  useListCustomersQuery,
  useCreateCustomerMutation,
  useUpdateCustomerMutation,
  useDeleteCustomerMutation,
  useSetCustomerTagsMutation,
} = customersApi;
