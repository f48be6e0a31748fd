import type { TenantSettings, TenantView } from '@quotebook/contracts';
import { api } from '../../app/api';

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateTenantSettings: build.mutation<TenantView, { tenantId: string; settings: TenantSettings }>({
      query: ({ tenantId, settings }) => ({
        url: `tenants/${encodeURIComponent(tenantId)}/settings`,
        method: 'PATCH',
        body: settings,
      }),
      invalidatesTags: (_tenant, _error, { tenantId }) => [{ type: 'Tenant', id: tenantId }, { type: 'Tenant', id: 'LIST' }],
    }),
    uploadTenantLogo: build.mutation<TenantView, { tenantId: string; file: File }>({
      query: ({ tenantId, file }) => {
        const body = new FormData();
        body.append('logo', file);
        return { url: `tenants/${encodeURIComponent(tenantId)}/logo`, method: 'POST', body };
      },
      invalidatesTags: (_tenant, _error, { tenantId }) => [{ type: 'Tenant', id: tenantId }, { type: 'Tenant', id: 'LIST' }],
    }),
  }),
});

export const { useUpdateTenantSettingsMutation, useUploadTenantLogoMutation } = settingsApi;
