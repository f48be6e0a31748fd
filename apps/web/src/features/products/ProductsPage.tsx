import type { ProductView } from '@quotebook/contracts';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { TagFilterFields } from '../../shared/fields/TagFilterFields';
import { ListPage } from '../../shared/page/ListPage';
import { CsvActions } from '../catalogue-csv/CsvActions';
import { tagsOfType } from '../tags/tag-form';
import { TagChips } from '../tags/TagChips';
import { useListTagsQuery } from '../tags/tags.api';
import { useTenantPage } from '../tenant/tenant-context';
import { AvailabilityDialog } from './AvailabilityDialog';
import { currentPriceText } from './current-price';
import { DELETE_PRODUCT_CONFIRMATION, filterProducts, formatDuration, ITALIAN, productDisplayTitle } from './product-form';
import { ProductDialog } from './ProductDialog';
import { useDeleteProductMutation, useListProductsQuery } from './products.api';

/**
 * `/{keyword}/products`. Loads the product list (with tags, periods and today's price in it) and the
 * tag names: two calls whatever the number of products.
 */
export function ProductsPage() {
  const { tenant } = useTenantPage();
  const list = useListProductsQuery(tenant.id);
  const { data: tags } = useListTagsQuery(tenant.id);
  const [deleteProduct] = useDeleteProductMutation();
  const [filters, setFilters] = useState({ search: '', tagId: 'all' });
  const [availabilityOf, setAvailabilityOf] = useState<string | null>(null);
  const productTags = useMemo(() => tagsOfType(tags, 'product'), [tags]);
  const languages = useMemo(() => [ITALIAN, ...tenant.languages.filter((code) => code !== ITALIAN)], [tenant.languages]);
  // dialogs read the product from the list, so they follow every change to it
  const byId = (id: string | null | undefined) => (id ? list.data?.find((product) => product.id === id) : undefined);
  const availabilityProduct = byId(availabilityOf);

  return (
    <ListPage<ProductView>
      subtitle="Your services in every language, with their availability periods and prices."
      noun="product"
      headerActions={<CsvActions tenantId={tenant.id} kind="products" />}
      list={list}
      filter={(products) => filterProducts(products, filters)}
      filters={<TagFilterFields value={filters} onChange={setFilters} tags={productTags.choices} placeholder="Search by code or title..." />}
      columns={[
        { header: 'Code', cell: (product) => <Box sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{product.code}</Box> },
        {
          header: 'Title',
          cell: (product) => (
            <>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {productDisplayTitle(product)}
              </Typography>
              {product.subtitles[ITALIAN] && (
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {product.subtitles[ITALIAN]}
                </Typography>
              )}
            </>
          ),
        },
        { header: 'Tags', cell: (product) => <TagChips tagIds={product.tagIds} tagsById={productTags.byId} /> },
        { header: 'Duration', cell: (product) => formatDuration(product.durationHours, product.durationMinutes) },
        { header: 'Current Price', cell: (product) => currentPriceText(product.availability) },
      ]}
      nameOf={productDisplayTitle}
      empty={{ title: 'No products yet', hint: 'Add your first product or service to start quoting.' }}
      noMatch={{ title: 'No products found', hint: 'Try adjusting your search or tag filter.' }}
      extraActions={(product) => [
        { label: 'Availability', icon: <EventAvailableIcon fontSize="small" />, onClick: () => setAvailabilityOf(product.id) },
      ]}
      editor={(product, close) => (
        <ProductDialog
          key={product?.id ?? 'new'}
          tenantId={tenant.id}
          languages={languages}
          product={product && byId(product.id)}
          productTags={productTags.choices}
          onClose={close}
        />
      )}
      remove={{
        confirmation: DELETE_PRODUCT_CONFIRMATION,
        run: (product) => deleteProduct({ tenantId: tenant.id, productId: product.id }),
      }}
    >
      {availabilityProduct && (
        <AvailabilityDialog tenantId={tenant.id} product={availabilityProduct} onClose={() => setAvailabilityOf(null)} />
      )}
    </ListPage>
  );
}
