import type { ProductView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { productDisplayTitle } from '../products/product-form';
import { searchProducts } from './quote-pricing';

interface ProductChecklistProps {
  /** in the order they are listed */
  products: readonly ProductView[];
  loading: boolean;
  isSelected: (productId: string) => boolean;
  onToggle: (product: ProductView, selected: boolean) => void;
  disabled?: boolean;
  /** a problem with the selection as a whole ('Please select at least one product') */
  error?: string;
}

/**
 * The agency's products to pick from, each with a checkbox, filtered by a search box; the chosen ones
 * are worked on in the table above it. Used by the creation dialog and the advanced editor.
 */
export function ProductChecklist({ products, loading, isSelected, onToggle, disabled, error }: ProductChecklistProps) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => searchProducts(products, search), [products, search]);

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Products
      </Typography>
      <TextField
        label="Search products"
        type="search"
        size="small"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Search by title or code..."
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {error && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main', my: 1 }}>
          {error}
        </Typography>
      )}
      <Box
        component="ul"
        aria-label="Products"
        aria-busy={loading}
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 320, overflowY: 'auto' }}
      >
        {loading && [0, 1, 2].map((row) => <Skeleton key={row} component="li" height={40} sx={{ mx: 2 }} />)}
        {!loading && shown.length === 0 && (
          <Typography component="li" variant="body2" sx={{ p: 2, color: 'text.secondary' }}>
            {products.length === 0 ? 'No products yet: add them on the Products page.' : 'No products match the search.'}
          </Typography>
        )}
        {shown.map((product) => {
          const title = productDisplayTitle(product);
          const selected = isSelected(product.id);
          return (
            <Box
              component="li"
              key={product.id}
              aria-label={title}
              sx={{ px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}
            >
              <FormControlLabel
                label={
                  <>
                    {title}
                    <Typography component="span" variant="caption" sx={{ ml: 1, color: 'text.secondary', fontFamily: 'monospace' }}>
                      {product.code}
                    </Typography>
                  </>
                }
                control={
                  <Checkbox
                    checked={selected}
                    onChange={(event) => onToggle(product, event.target.checked)}
                    disabled={disabled}
                    slotProps={{ input: { 'aria-label': title } }}
                  />
                }
              />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
