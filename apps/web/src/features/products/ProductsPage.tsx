import type { ProductView } from '@quotebook/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../shared/confirm-dialog/ConfirmDialog';
import { SearchField } from '../../shared/fields/SearchField';
import { SelectField } from '../../shared/fields/SelectField';
import { DataTable } from '../../shared/page/DataTable';
import { EmptyState } from '../../shared/page/EmptyState';
import { LoadError } from '../../shared/page/LoadError';
import { PageHeader } from '../../shared/page/PageHeader';
import { RowActions } from '../../shared/page/RowActions';
import { failureToast, successToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import { tagsOfType } from '../tags/tag-form';
import { TagChips } from '../tags/TagChips';
import { useListTagsQuery } from '../tags/tags.api';
import { useTenantPage } from '../tenant/tenant-context';
import { AvailabilityDialog } from './AvailabilityDialog';
import {
  DELETE_PRODUCT_CONFIRMATION,
  filterProducts,
  formatCurrentPrice,
  formatDuration,
  ITALIAN,
  productDisplayTitle,
} from './product-form';
import { ProductDialog } from './ProductDialog';
import { useDeleteProductMutation, useListProductsQuery } from './products.api';

const COLUMNS = ['Code', 'Title', 'Tags', 'Duration', 'Current Price', 'Actions'];

type EditState = { productId?: string } | null;

/**
 * `/{keyword}/products`. Loads the product list (with tags, periods and today's price in it) and the
 * tag names: two calls whatever the number of products.
 */
export function ProductsPage() {
  const { tenant } = useTenantPage();
  const { data: products, isLoading, isError, refetch } = useListProductsQuery(tenant.id);
  const { data: tags } = useListTagsQuery(tenant.id);
  const [deleteProduct, { isLoading: deleting }] = useDeleteProductMutation();
  const [search, setSearch] = useState('');
  const [tagId, setTagId] = useState('all');
  const [editing, setEditing] = useState<EditState>(null);
  const [availabilityOf, setAvailabilityOf] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<ProductView | null>(null);
  const toast = useToast();

  const productTags = useMemo(() => tagsOfType(tags, 'product'), [tags]);
  const visible = useMemo(() => filterProducts(products ?? [], { search, tagId }), [products, search, tagId]);
  const tagFilterOptions = useMemo(
    () => [{ value: 'all', label: 'All Tags' }, ...productTags.choices.map((tag) => ({ value: tag.id, label: tag.name }))],
    [productTags],
  );
  const languages = useMemo(() => [ITALIAN, ...tenant.languages.filter((code) => code !== ITALIAN)], [tenant.languages]);
  const byId = (id: string | null | undefined) => (id ? products?.find((product) => product.id === id) : undefined);
  const availabilityProduct = byId(availabilityOf);

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await deleteProduct({ tenantId: tenant.id, productId: pendingDelete.id }).unwrap();
      toast(successToast('Product deleted successfully'));
    } catch (error) {
      toast(failureToast(error, 'Failed to delete product'));
    } finally {
      setPendingDelete(null);
    }
  };

  const empty =
    products &&
    visible.length === 0 &&
    (products.length === 0 ? (
      <EmptyState title="No products yet" hint="Add your first product or service to start quoting." />
    ) : (
      <EmptyState title="No products found" hint="Try adjusting your search or tag filter." />
    ));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <PageHeader
        title="Products"
        subtitle="Your services in every language, with their availability periods and prices."
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({})}>
            Add Product
          </Button>
        }
      />
      {isError && <LoadError message="Failed to load products" onRetry={refetch} />}
      <Card>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2 }}>
          <SearchField value={search} onChange={setSearch} placeholder="Search by code or title..." />
          <SelectField
            label="Tag"
            name="tagFilter"
            value={tagId}
            options={tagFilterOptions}
            onChange={setTagId}
            size="small"
            margin="none"
            minWidth={200}
          />
        </Box>
        <DataTable label="Products" columns={COLUMNS} loading={isLoading} empty={empty}>
          {visible.map((product) => (
            <TableRow key={product.id} hover>
              <TableCell sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{product.code}</TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {productDisplayTitle(product)}
                </Typography>
                {product.subtitles[ITALIAN] && (
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {product.subtitles[ITALIAN]}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <TagChips tagIds={product.tagIds} tagsById={productTags.byId} />
              </TableCell>
              <TableCell>{formatDuration(product.durationHours, product.durationMinutes)}</TableCell>
              <TableCell>{formatCurrentPrice(product.currentPrice)}</TableCell>
              <TableCell align="right">
                <RowActions
                  actions={[
                    {
                      label: 'Availability',
                      icon: <EventAvailableIcon fontSize="small" />,
                      onClick: () => setAvailabilityOf(product.id),
                    },
                    { label: 'Edit', icon: <EditOutlinedIcon fontSize="small" />, onClick: () => setEditing({ productId: product.id }) },
                    {
                      label: 'Delete',
                      icon: <DeleteOutlinedIcon fontSize="small" />,
                      onClick: () => setPendingDelete(product),
                      destructive: true,
                    },
                  ]}
                />
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </Card>
      {editing && (
        <ProductDialog
          key={editing.productId ?? 'new'}
          tenantId={tenant.id}
          languages={languages}
          product={byId(editing.productId)}
          productTags={productTags.choices}
          onClose={() => setEditing(null)}
        />
      )}
      {availabilityProduct && (
        <AvailabilityDialog tenantId={tenant.id} product={availabilityProduct} onClose={() => setAvailabilityOf(null)} />
      )}
      <ConfirmDialog
        open={Boolean(pendingDelete)}
        title="Delete Product"
        message={DELETE_PRODUCT_CONFIRMATION}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
    </Box>
  );
}
