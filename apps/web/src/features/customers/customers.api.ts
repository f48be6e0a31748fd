import type { CustomerDuplicatesQueryDto, CustomerDuplicateView, CustomerView, TagIdsView } from '@quotebook/contracts';
import { api, crudEndpoints, tenantPath } from '../../app/api';

/** What the customer dialog sends: every field of the customer but its id, tags and creation date. */
export type CustomerRequest = Omit<CustomerView, 'id' | 'tagIds' | 'createdAt'>;

/** The list answers each customer with its tag ids: no call per row. */
export const customersApi = api.injectEndpoints({
  endpoints: (build) => {
    const crud = crudEndpoints<CustomerView, CustomerRequest>(build, {
      type: 'Customer',
      path: 'customers',
      // the dashboard counts customers; quotes show their customer's name
      alsoInvalidates: ['Dashboard', 'Quote'],
    });
    return {
      listCustomers: crud.list,
      createCustomer: crud.create,
      updateCustomer: crud.update,
      deleteCustomer: crud.remove,
      setCustomerTags: build.mutation<TagIdsView, { tenantId: string; id: string; tagIds: string[] }>({
        query: ({ tenantId, id, tagIds }) => ({ url: tenantPath(tenantId, 'customers', id, 'tags'), method: 'PUT', body: { tagIds } }),
        invalidatesTags: [{ type: 'Customer', id: 'LIST' }],
      }),
      /** the customers with the same e-mail or VAT number, asked for just before a save */
      customerDuplicates: build.query<CustomerDuplicateView[], { tenantId: string } & CustomerDuplicatesQueryDto>({
        query: ({ tenantId, ...params }) => ({ url: tenantPath(tenantId, 'customers', 'duplicates'), params }),
        keepUnusedDataFor: 0,
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
  useLazyCustomerDuplicatesQuery,
} = customersApi;
