import type { PriceListView } from '@quotebook/contracts';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../shared/formatters';
import { formatEuro, twoDecimals } from '../../shared/money';
import { ListPage } from '../../shared/page/ListPage';
import { useTenantPage } from '../tenant/tenant-context';
import { DELETE_PRICE_LIST_CONFIRMATION, NO_PRICE_LISTS_TEXT, PRICE_LIST_TEXTS } from './price-list-form';
import { PriceListDialog } from './PriceListDialog';
import { useDeletePriceListMutation, useListPriceListsQuery } from './price-lists.api';

/** `/{keyword}/price-lists`: the agency's price lists with their validity and reductions. */
export function PriceListsPage() {
  const { tenant } = useTenantPage();
  const [deletePriceList] = useDeletePriceListMutation();

  return (
    <ListPage<PriceListView>
      subtitle="Reductions, or a markup over the supplier's cost, that apply to customers linked to a list during its validity period."
      noun="price list"
      list={useListPriceListsQuery(tenant.id)}
      columns={[
        {
          header: 'Name',
          cell: (priceList) => (
            <>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {priceList.name}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {`Created ${formatDate(priceList.createdAt)}`}
              </Typography>
            </>
          ),
        },
        { header: 'Validity Period', cell: (priceList) => `${formatDate(priceList.startDate)} – ${formatDate(priceList.endDate)}` },
        { header: 'Reduction Amount', cell: (priceList) => (priceList.reductionAmount ? formatEuro(priceList.reductionAmount) : '—') },
        {
          header: 'Reduction %',
          cell: (priceList) => (priceList.reductionPercentage ? `${twoDecimals(priceList.reductionPercentage)}%` : '—'),
        },
        {
          header: PRICE_LIST_TEXTS.markupHeader,
          cell: (priceList) => (priceList.markupPercentage ? `${twoDecimals(priceList.markupPercentage)}%` : '—'),
        },
        {
          header: 'Status',
          cell: (priceList) => (
            <Chip
              size="small"
              label={priceList.isActive ? 'Active' : 'Inactive'}
              color={priceList.isActive ? 'success' : 'default'}
              variant={priceList.isActive ? 'filled' : 'outlined'}
            />
          ),
        },
      ]}
      nameOf={(priceList) => priceList.name}
      empty={{ title: NO_PRICE_LISTS_TEXT, hint: 'Create a price list to offer reductions to your customers.' }}
      editor={(priceList, close) => <PriceListDialog tenantId={tenant.id} priceList={priceList} onClose={close} />}
      remove={{
        confirmation: DELETE_PRICE_LIST_CONFIRMATION,
        run: (priceList) => deletePriceList({ tenantId: tenant.id, id: priceList.id }),
      }}
    />
  );
}
