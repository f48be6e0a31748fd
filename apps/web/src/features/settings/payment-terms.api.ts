import type { TenantView } from '@quotebook/contracts';
import { api, tenantPath } from '../../app/api';

/** The agency's default days before the service a quote's balance is due. */
export const paymentTermsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateBalanceDueDays: build.mutation<TenantView, { tenantId: string; balanceDueDaysDefault: number }>({
      query: ({ tenantId, balanceDueDaysDefault }) => ({ url: tenantPath(tenantId, 'settings'), method: 'PATCH', body: { balanceDueDaysDefault } }),
      // the quotes' balance dates follow the agency's days
      invalidatesTags: (_tenant, _error, { tenantId }) => [
        { type: 'Tenant', id: tenantId },
        { type: 'Tenant', id: 'LIST' },
        { type: 'Quote', id: 'LIST' },
      ],
    }),
  }),
});

export const { useUpdateBalanceDueDaysMutation } = paymentTermsApi;
