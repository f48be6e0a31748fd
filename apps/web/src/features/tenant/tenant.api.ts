import type { TenantPublicView, TenantView } from '@quotebook/contracts';
import { api } from '../../app/api';

export const tenantApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Public: sent without the bearer header (see PUBLIC_ENDPOINTS in app/api.ts). */
    getTenantByKeyword: build.query<TenantPublicView, string>({
      query: (keyword) => `tenants/by-keyword/${encodeURIComponent(keyword)}`,
      // an unknown keyword is asked again once any tenant is created or changed
      providesTags: (tenant) => (tenant ? [{ type: 'Tenant', id: tenant.id }] : [{ type: 'Tenant', id: 'LIST' }]),
    }),
    /** The whole agency (languages, company details) for the signed-in pages: the public view has none. */
    getTenant: build.query<TenantView, string>({
      query: (tenantId) => `tenants/${encodeURIComponent(tenantId)}`,
      providesTags: (_tenant, _error, tenantId) => [{ type: 'Tenant', id: tenantId }],
    }),
  }),
});

export const { useGetTenantByKeywordQuery, useGetTenantQuery } = tenantApi;
