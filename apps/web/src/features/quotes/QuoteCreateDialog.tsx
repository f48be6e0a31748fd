import type { ProductView } from '@quotebook/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_SERVICE_START_TIME, formatEuroCents } from '@quotebook/domain';
import { useMemo } from 'react';
import { DateField, TimeField, twoColumns } from '../../shared/fields/InputFields';
import { SelectField } from '../../shared/fields/SelectField';
import { useEntityForm } from '../../shared/form/use-entity-form';
import { dialogTexts, FormDialog } from '../../shared/form-dialog/FormDialog';
import { outcomeTexts } from '../../shared/toast/outcome-toasts';
import { productDisplayTitle } from '../products/product-form';
import { PriceLine } from './PriceLine';
import { ProductChecklist } from './ProductChecklist';
import { QuantityStepper } from './QuantityStepper';
import { createQuoteRequest, quoteCreateForm, validateQuoteCreate, type PickedProduct } from './quote-create-form';
import { customerOptions, NO_CUSTOMER } from './quote-list';
import { appliedPriceList, byTitle, livePrice, liveVatLabel } from './quote-pricing';
import { useCreateQuoteMutation } from './quotes.api';
import { usePricingContext, useQuoteCatalogue } from './use-quote-catalogue';

/**
 * A new quote: its customer, subject, service date and times, expiry (today + 30 days) and products,
 * each with a quantity and its live price. The quote and its products are created in one call.
 */
export function QuoteCreateDialog({ tenantId, onClose }: { tenantId: string; onClose: () => void }) {
  const catalogue = useQuoteCatalogue(tenantId);
  const [createQuote] = useCreateQuoteMutation();
  const form = useEntityForm({
    initial: () => quoteCreateForm(),
    validate: validateQuoteCreate,
    save: (values) => createQuote({ tenantId, body: createQuoteRequest(values) }),
    ...outcomeTexts('quote', 'create'),
    onSaved: onClose,
  });
  const { values } = form;
  const context = usePricingContext(catalogue, values.customerId, values.serviceDate);
  const products = useMemo(() => [...catalogue.products].sort(byTitle), [catalogue.products]);
  const picked = useMemo(() => new Map(values.products.map((item) => [item.productId, item] as const)), [values.products]);

  const setProducts = (next: PickedProduct[]) => form.set('products', next);
  const toggle = (product: ProductView, selected: boolean) =>
    setProducts(
      selected ? [...values.products, { productId: product.id, quantity: 1 }] : values.products.filter((item) => item.productId !== product.id),
    );
  const setQuantity = (productId: string, quantity: number) =>
    setProducts(values.products.map((item) => (item.productId === productId ? { ...item, quantity } : item)));

  const priceOf = (product: ProductView, quantity: number) => livePrice(product, { quantity, orderConfirmed: false, confirmedParticipants: 0 }, context);
  const totalCents = catalogue.products.reduce((sum, product) => {
    const item = picked.get(product.id);
    return item ? sum + priceOf(product, item.quantity).cents : sum;
  }, 0);
  const priceList = appliedPriceList(context);

  return (
    <FormDialog {...dialogTexts('quote', false)} busy={form.busy} onSubmit={form.submit} onClose={onClose} maxWidth="md">
      <SelectField label="Customer" required {...form.select('customerId')} options={customerOptions(catalogue.customers, NO_CUSTOMER)} />
      <TextField label="Subject" {...form.text('subject')} />
      <Box sx={twoColumns}>
        <DateField label="Service Date" required {...form.text('serviceDate')} />
        <DateField label="Expiry Date" required {...form.text('expiryDate')} />
        <TimeField label="Start Time" {...form.text('startTime')} helperText={`The service starts at ${DEFAULT_SERVICE_START_TIME} when left empty`} />
        <TimeField label="End Time" {...form.text('endTime')} />
      </Box>
      <Box sx={{ mt: 2 }}>
        <ProductChecklist
          products={products}
          loading={catalogue.productsLoading}
          isSelected={(productId) => picked.has(productId)}
          onToggle={toggle}
          disabled={form.busy}
          error={form.errors.products}
          details={(product) => {
            const quantity = picked.get(product.id)?.quantity ?? 1;
            return (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
                <QuantityStepper label={`Quantity of ${productDisplayTitle(product)}`} value={quantity} onChange={(next) => setQuantity(product.id, next)} disabled={form.busy} />
                {context.serviceDate && <PriceLine cents={priceOf(product, quantity).cents} source="auto" vatLabel={liveVatLabel(product, context)} />}
              </Box>
            );
          }}
        />
      </Box>
      {values.products.length > 0 &&
        (context.serviceDate ? (
          <Typography variant="body1" sx={{ mt: 2, fontWeight: 600, textAlign: 'right' }}>
            {`Total: ${formatEuroCents(totalCents)}`}
          </Typography>
        ) : (
          <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
            Set the service date to see the prices.
          </Typography>
        ))}
      {priceList && values.products.length > 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>{`Prices reduced by the price list '${priceList.name}'`}</Alert>
      )}
    </FormDialog>
  );
}
