import type { CustomerView } from '@quotebook/contracts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { TagFilterFields } from '../../shared/fields/TagFilterFields';
import { ListPage } from '../../shared/page/ListPage';
import { CsvActions } from '../catalogue-csv/CsvActions';
import { useListPriceListsQuery } from '../price-lists/price-lists.api';
import { tagsOfType } from '../tags/tag-form';
import { TagChips } from '../tags/TagChips';
import { useListTagsQuery } from '../tags/tags.api';
import { useTenantPage } from '../tenant/tenant-context';
import { DELETE_CUSTOMER_CONFIRMATION, filterCustomers } from './customer-form';
import { CustomerDialog } from './CustomerDialog';
import { useDeleteCustomerMutation, useListCustomersQuery } from './customers.api';

/** `/{keyword}/customers`: search, tag filter, create, edit and delete customers. */
export function CustomersPage() {
  const { tenant } = useTenantPage();
  const { data: tags } = useListTagsQuery(tenant.id);
  const { data: priceLists = [] } = useListPriceListsQuery(tenant.id);
  const [deleteCustomer] = useDeleteCustomerMutation();
  const [filters, setFilters] = useState({ search: '', tagId: 'all' });
  const customerTags = useMemo(() => tagsOfType(tags, 'customer'), [tags]);
  const priceListNames = useMemo(() => new Map(priceLists.map((priceList) => [priceList.id, priceList.name] as const)), [priceLists]);

  return (
    <ListPage<CustomerView>
      subtitle="The companies and people you send quotes to."
      noun="customer"
      headerActions={<CsvActions tenantId={tenant.id} kind="customers" />}
      addIcon={<PersonAddIcon />}
      list={useListCustomersQuery(tenant.id)}
      filter={(customers) => filterCustomers(customers, filters)}
      filters={
        <TagFilterFields value={filters} onChange={setFilters} tags={customerTags.choices} placeholder="Search by name, email, contact or city..." />
      }
      columns={[
        {
          header: 'Customer',
          cell: (customer) => (
            <>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>{`${customer.title} ${customer.name}`}</Typography>
              {customer.contact && (
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {customer.contact}
                </Typography>
              )}
            </>
          ),
        },
        { header: 'Email', cell: (customer) => customer.email },
        { header: 'Phone', cell: (customer) => customer.phone || '—' },
        { header: 'City', cell: (customer) => customer.city || '—' },
        { header: 'Price List', cell: (customer) => (customer.priceListId && priceListNames.get(customer.priceListId)) || '—' },
        { header: 'Tags', cell: (customer) => <TagChips tagIds={customer.tagIds} tagsById={customerTags.byId} /> },
      ]}
      nameOf={(customer) => customer.name}
      empty={{ title: 'No customers yet', hint: 'Add your first customer to start quoting.' }}
      noMatch={{ title: 'No customers found', hint: 'Try adjusting your search or tag filter.' }}
      editor={(customer, close) => (
        <CustomerDialog
          tenantId={tenant.id}
          customer={customer}
          priceLists={priceLists}
          customerTags={customerTags.choices}
          languages={tenant.languages}
          onClose={close}
        />
      )}
      remove={{
        confirmation: DELETE_CUSTOMER_CONFIRMATION,
        run: (customer) => deleteCustomer({ tenantId: tenant.id, id: customer.id }),
      }}
    />
  );
}
