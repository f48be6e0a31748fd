import type { CreateTenantDto, TenantAdminView, TenantView, UpdateTenantDto } from '@quotebook/contracts';
import { api } from '../../app/api';

export type CreateTenantRequest = Required<CreateTenantDto>;
export type UpdateTenantRequest = Required<UpdateTenantDto>;

const TENANT_LIST = { type: 'Tenant', id: 'LIST' } as const;

export const superadminApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTenants: build.query<TenantView[], void>({
      query: () => 'tenants',
      providesTags: (tenants) => [
        TENANT_LIST,
        ...(tenants ?? []).map((tenant) => ({ type: 'Tenant' as const, id: tenant.id })),
      ],
    }),
    createTenant: build.mutation<TenantView, CreateTenantRequest>({
      query: (body) => ({ url: 'tenants', method: 'POST', body }),
      invalidatesTags: [TENANT_LIST],
    }),
    getTenantAdmin: build.query<TenantAdminView, string>({
      query: (tenantId) => `tenants/${encodeURIComponent(tenantId)}/admin`,
      keepUnusedDataFor: 0,
      providesTags: (_admin, _error, tenantId) => [{ type: 'TenantAdmin', id: tenantId }],
    }),
    updateTenant: build.mutation<TenantView, { id: string; body: UpdateTenantRequest }>({
      query: ({ id, body }) => ({ url: `tenants/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_tenant, _error, { id }) => [TENANT_LIST, { type: 'Tenant', id }, { type: 'TenantAdmin', id }],
    }),
    deleteTenant: build.mutation<void, string>({
      query: (id) => ({ url: `tenants/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [TENANT_LIST, { type: 'Tenant', id }],
    }),
  }),
});

export const {
  useListTenantsQuery,
  useCreateTenantMutation,
  useGetTenantAdminQuery,
  useUpdateTenantMutation,
  useDeleteTenantMutation,
} = superadminApi;
