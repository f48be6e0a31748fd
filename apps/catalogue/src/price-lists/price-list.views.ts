import type { PriceListView } from '@quotebook/contracts';
import type { PriceList } from './price-list.entity';

export function mapPriceList(priceList: PriceList): PriceListView {
  return {
    id: priceList.id,
    name: priceList.name,
    startDate: priceList.startDate,
    endDate: priceList.endDate,
    reductionAmount: priceList.reductionAmount,
    reductionPercentage: priceList.reductionPercentage,
    markupPercentage: priceList.markupPercentage,
    isActive: priceList.isActive,
    createdAt: priceList.createdAt.toISOString(),
  };
}
