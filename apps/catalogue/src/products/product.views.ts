import type { AvailabilityView, ProductView } from '@quotebook/contracts';
import { currentPrice } from '@quotebook/domain';
import type { Availability } from './availability.entity';
import type { Product } from './product.entity';

/** What a view shows of a period: all but its tenant and creation time. */
export type PeriodFields = Omit<Availability, 'tenantId' | 'createdAt'>;

export function mapAvailability(period: PeriodFields): AvailabilityView {
  return {
    id: period.id,
    productId: period.productId,
    startDate: period.startDate,
    endDate: period.endDate,
    hasMinParticipants: period.hasMinParticipants,
    minParticipants: period.minParticipants,
    hasCostPerPerson: period.hasCostPerPerson,
    costPerPerson: period.costPerPerson,
    hasFlatRate: period.hasFlatRate,
    flatRate: period.flatRate,
    hasAdditionalCosts: period.hasAdditionalCosts,
    additionalCosts: period.additionalCosts,
    priceIncludesVat: period.priceIncludesVat,
    supplierCostPerPerson: period.supplierCostPerPerson,
    supplierCostPerBooking: period.supplierCostPerBooking,
    freePlacesEvery: period.freePlacesEvery,
    freePlacesCount: period.freePlacesCount,
  };
}

/** A product with its tags and periods (sorted by start date); `today` decides the current price. */
export function mapProduct(product: Product, tagIds: string[], periods: PeriodFields[], today: string): ProductView {
  return {
    id: product.id,
    code: product.code,
    titles: product.titles,
    subtitles: product.subtitles,
    shortDescriptions: product.shortDescriptions,
    extendedDescriptions: product.extendedDescriptions,
    tagIds,
    durationHours: product.durationHours,
    durationMinutes: product.durationMinutes,
    vatRateId: product.vatRateId,
    availability: periods.map(mapAvailability),
    currentPrice: currentPrice(periods, today),
    createdAt: product.createdAt.toISOString(),
  };
}
