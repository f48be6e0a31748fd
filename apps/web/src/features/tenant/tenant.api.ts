import type { TenantPublicView } from '@quotebook/contracts';
import { api } from '../../app/api';

export const tenantApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Public: sent without the bearer header (see PUBLIC_ENDPOINTS in app/api.ts). */
    getTenantByKeyword: build.query<TenantPublicView, string>({
      query: (keyword) => `tenants/by-keyword/${encodeURIComponent(keyword)}`,
      // an unknown keyword is asked again once any tenant is created or changed
      providesTags: (tenant) => (tenant ? [{ type: 'Tenant', id: tenant.id }] : [{ type: 'Tenant', id: 'LIST' }]),
    }),
  }),
});

export const { useGetTenantByKeywordQuery } = tenantApi;
