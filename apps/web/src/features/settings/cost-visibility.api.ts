import type { TenantView } from '@quotebook/contracts';
import { api, tenantPath } from '../../app/api';

/** The agency's choice whether its users (not only its admins) see supplier costs and margins. */
export const costVisibilityApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateCostVisibility: build.mutation<TenantView, { tenantId: string; costVisibleToUsers: boolean }>({
      query: ({ tenantId, costVisibleToUsers }) => ({ url: tenantPath(tenantId, 'settings'), method: 'PATCH', body: { costVisibleToUsers } }),
      invalidatesTags: (_tenant, _error, { tenantId }) => [
        { type: 'Tenant', id: tenantId },
        { type: 'Tenant', id: 'LIST' },
      ],
    }),
  }),
});

export const { useUpdateCostVisibilityMutation } = costVisibilityApi;
