import type { VatRateView } from '@quotebook/contracts';
import { formatDate } from '../../shared/formatters';
import { twoDecimals } from '../../shared/money';
import { ListPage } from '../../shared/page/ListPage';
import { useTenantPage } from '../tenant/tenant-context';
import { DELETE_VAT_RATE_CONFIRMATION } from './vat-rate-form';
import { VatRateDialog } from './VatRateDialog';
import { useDeleteVatRateMutation, useListVatRatesQuery } from './vat-rates.api';

export const NO_VAT_RATES_TEXT = 'No VAT rates configured';

/** `/{keyword}/vat-rates`: the agency's VAT rates as a grid of cards. */
export function VatRatesPage() {
  const { tenant } = useTenantPage();
  const [deleteVatRate] = useDeleteVatRateMutation();

  return (
    <ListPage<VatRateView>
      subtitle="The VAT rates your products are sold with."
      noun="VAT rate"
      list={useListVatRatesQuery(tenant.id)}
      cardsOnly
      columns={[
        { header: 'Description', cell: (vatRate) => vatRate.description },
        { header: 'Rate', cell: (vatRate) => `${twoDecimals(vatRate.rate)}%` },
        { header: 'Created', cell: (vatRate) => formatDate(vatRate.createdAt) },
      ]}
      nameOf={(vatRate) => vatRate.description}
      empty={{ title: NO_VAT_RATES_TEXT, hint: 'Add the rates you apply, e.g. 22% or 10%.' }}
      editor={(vatRate, close) => <VatRateDialog tenantId={tenant.id} vatRate={vatRate} onClose={close} />}
      remove={{
        confirmation: DELETE_VAT_RATE_CONFIRMATION,
        run: (vatRate) => deleteVatRate({ tenantId: tenant.id, id: vatRate.id }),
      }}
    />
  );
}
