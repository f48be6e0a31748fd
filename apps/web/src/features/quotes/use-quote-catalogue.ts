import type { CustomerView, PriceListView, ProductView, VatRateView } from '@quotebook/contracts';
import { useMemo } from 'react';
import { useListCustomersQuery } from '../customers/customers.api';
import { useListPriceListsQuery } from '../price-lists/price-lists.api';
import { useListProductsQuery } from '../products/products.api';
import { useListVatRatesQuery } from '../vat-rates/vat-rates.api';
import { customerPriceList, type PricingContext } from './quote-pricing';

const NONE: readonly never[] = [];

export interface QuoteCatalogue {
  customers: readonly CustomerView[];
  products: readonly ProductView[];
  productsLoading: boolean;
  priceLists: readonly PriceListView[];
  vatRates: ReadonlyMap<string, VatRateView>;
}

/**
 * What the quote dialogs read from the catalogue: four lists, one call each whatever their size (the
 * products come with their periods, so live prices need no further call).
 */
export function useQuoteCatalogue(tenantId: string): QuoteCatalogue {
  const { data: customers = NONE } = useListCustomersQuery(tenantId);
  const products = useListProductsQuery(tenantId);
  const { data: priceLists = NONE } = useListPriceListsQuery(tenantId);
  const { data: vatRateList = NONE } = useListVatRatesQuery(tenantId);
  const vatRates = useMemo(() => new Map(vatRateList.map((vatRate) => [vatRate.id, vatRate] as const)), [vatRateList]);
  return { customers, products: products.data ?? NONE, productsLoading: products.isLoading, priceLists, vatRates };
}

/** The live prices' context for a quote of `customerId` on `serviceDate`. */
export function usePricingContext(catalogue: QuoteCatalogue, customerId: string, serviceDate: string): PricingContext {
  const { customers, priceLists, vatRates } = catalogue;
  return useMemo(
    () => ({ serviceDate: serviceDate || null, priceList: customerPriceList(customerId, customers, priceLists), vatRates }),
    [customerId, serviceDate, customers, priceLists, vatRates],
  );
}
