import type { RegimeFiscale, TenantView } from '@quotebook/contracts';
import { api } from '../../app/api';

/** What the agency's e-invoices say of it as the seller; null clears a field. */
export interface EInvoiceSettings {
  regimeFiscale: RegimeFiscale;
  reaOffice: string | null;
  reaNumber: string | null;
  iban: string | null;
}

export const eInvoiceSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateEInvoiceSettings: build.mutation<TenantView, { tenantId: string; settings: EInvoiceSettings }>({
      query: ({ tenantId, settings }) => ({ url: `tenants/${encodeURIComponent(tenantId)}/settings`, method: 'PATCH', body: settings }),
      invalidatesTags: (_tenant, _error, { tenantId }) => [{ type: 'Tenant', id: tenantId }, { type: 'Tenant', id: 'LIST' }],
    }),
  }),
});

export const { useUpdateEInvoiceSettingsMutation } = eInvoiceSettingsApi;
