import type { VatRateView } from '@quotebook/contracts';
import type { VatRate } from './vat-rate.entity';

export function mapVatRate(vatRate: VatRate): VatRateView {
  return {
    id: vatRate.id,
    description: vatRate.description,
    rate: vatRate.rate,
    createdAt: vatRate.createdAt.toISOString(),
  };
}
