import type { ProductView, QuoteDetailView } from '@quotebook/contracts';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatCents } from '@quotebook/domain';
import { useMemo } from 'react';
import { CheckboxField } from '../../shared/fields/CheckboxField';
import { CountField, MoneyField } from '../../shared/fields/InputFields';
import { productDisplayTitle } from '../products/product-form';
import { PriceLine } from './PriceLine';
import { ProductChecklist } from './ProductChecklist';
import { QuantityStepper } from './QuantityStepper';
import {
  manualPriceError,
  participantsError,
  productsForEditor,
  type AdvancedValues,
  type ItemDraft,
  type ShownPrice,
} from './quote-advanced-form';

interface AdvancedProductsTabProps {
  quote: QuoteDetailView;
  values: AdvancedValues;
  products: readonly ProductView[];
  loading: boolean;
  /** each selected product's price as shown */
  prices: ReadonlyMap<string, ShownPrice>;
  /** the price list that reduced the automatic prices, when one did */
  priceListName: string | null;
  select: (product: ProductView, selected: boolean) => void;
  change: (productId: string, change: Partial<ItemDraft>) => void;
  disabled: boolean;
  error?: string;
}

/**
 * Every product of the agency, those of the quote's confirmed orders first. A selected product has its
 * quantity, Order Confirmed, confirmed participants and a price typed by hand ('Auto' goes back to the
 * automatic one); with a service date its price, VAT note and 'Non confermato' show live.
 */
export function AdvancedProductsTab(props: AdvancedProductsTabProps) {
  const { quote, values, prices, change, disabled } = props;
  const confirmed = useMemo(() => new Set(quote.items.filter((item) => item.orderConfirmed).map((item) => item.productId)), [quote.items]);
  const products = useMemo(() => productsForEditor(props.products, confirmed), [props.products, confirmed]);
  const drafts = useMemo(() => new Map(values.items.map((draft) => [draft.productId, draft] as const)), [values.items]);

  return (
    <Box>
      {props.priceListName && (
        <Alert severity="info" sx={{ mb: 2 }}>{`Prices reduced by the price list '${props.priceListName}'`}</Alert>
      )}
      <ProductChecklist
        products={products}
        loading={props.loading}
        isSelected={(productId) => drafts.has(productId)}
        onToggle={props.select}
        disabled={disabled}
        error={props.error}
        details={(product) => {
          const draft = drafts.get(product.id);
          if (!draft) return null;
          const price = prices.get(product.id);
          const title = productDisplayTitle(product);
          const participants = participantsError(draft.confirmedParticipants);
          const manual = manualPriceError(draft.manualPrice);
          return (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
                <QuantityStepper
                  label={`Quantity of ${title}`}
                  value={draft.quantity}
                  onChange={(quantity) => change(product.id, { quantity })}
                  disabled={disabled}
                />
                <CheckboxField
                  label="Order Confirmed"
                  name={`orderConfirmed-${product.id}`}
                  checked={draft.orderConfirmed}
                  onChange={(orderConfirmed) => change(product.id, { orderConfirmed })}
                  disabled={disabled}
                />
                <CountField
                  label="Confirmed Participants"
                  size="small"
                  margin="none"
                  value={draft.confirmedParticipants}
                  onChange={(event) => change(product.id, { confirmedParticipants: event.target.value })}
                  error={Boolean(participants)}
                  helperText={participants}
                  disabled={disabled}
                  sx={{ width: 190 }}
                />
              </Box>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <MoneyField
                  label="Total Price (€)"
                  size="small"
                  margin="none"
                  value={draft.manualPrice}
                  placeholder={price && price.source === 'auto' ? formatCents(price.cents) : 'Automatic'}
                  onChange={(event) => change(product.id, { manualPrice: event.target.value })}
                  error={Boolean(manual)}
                  helperText={manual ?? 'Empty: the automatic price'}
                  disabled={disabled}
                  sx={{ width: 220 }}
                />
                <Button
                  size="small"
                  startIcon={<AutorenewIcon />}
                  onClick={() => change(product.id, { manualPrice: '' })}
                  disabled={disabled || draft.manualPrice === ''}
                >
                  Auto
                </Button>
                <Button size="small" color="error" startIcon={<RemoveCircleOutlineIcon />} onClick={() => props.select(product, false)} disabled={disabled}>
                  Remove
                </Button>
              </Box>
              {values.serviceDate && price && (
                <PriceLine cents={price.cents} source={price.source} vatLabel={price.vatLabel} confirmed={draft.orderConfirmed} />
              )}
            </Box>
          );
        }}
      />
      {!values.serviceDate && (
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          Set the service date to see the prices.
        </Typography>
      )}
    </Box>
  );
}
