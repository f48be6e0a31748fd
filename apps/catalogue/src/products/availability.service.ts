import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AvailabilityDto, AvailabilityView, Principal } from '@quotebook/contracts';
import { appError, type ConstraintErrors, requireResourceId, requireTenantAccess, requireTenantAdministration, withConstraintErrors } from '@quotebook/server-core';
import { readTenant, withTenant } from '@quotebook/server-core/service';
import { DataSource, EntityManager } from 'typeorm';
import { assertDatesOrdered } from '../dates';
import { moneyOrNull } from '../money';
import { Availability } from './availability.entity';
import { Product } from './product.entity';
import { mapAvailability } from './product.views';
import { assertRoomInList } from '../list-limits';

export const PERIOD_OVERLAPS = 'This period overlaps another availability period of the product';

/** The database has the last word on overlaps (an exclusion constraint), also between concurrent requests. */
const PERIOD_WRITE_ERRORS: ConstraintErrors = {
  product_availability_no_overlap: () => appError('PERIOD_OVERLAP', PERIOD_OVERLAPS),
  // the product was deleted while the period was being written
  product_availability_product_fkey: () => appError('NOT_FOUND', 'Product not found'),
};

/** The availability periods of one product. */
@Injectable()
export class AvailabilityService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(principal: Principal, tenantId: string, productId: string): Promise<AvailabilityView[]> {
    requireTenantAccess(principal, tenantId);
    const product = requireResourceId(productId, 'Product');
    return readTenant(this.dataSource, tenantId, async (manager) => {
      await assertProductExists(manager, tenantId, product);
      const periods = await manager.find(Availability, { where: { tenantId, productId: product }, order: { startDate: 'ASC' } });
      return periods.map(mapAvailability);
    });
  }

  async create(principal: Principal, tenantId: string, productId: string, dto: AvailabilityDto): Promise<AvailabilityView> {
    requireTenantAdministration(principal, tenantId);
    const product = requireResourceId(productId, 'Product');
    assertDatesOrdered(dto.startDate, dto.endDate);
    const created = await this.writing(tenantId, async (manager) => {
      await assertProductExists(manager, tenantId, product);
      await assertRoomInList(manager, 'periods', tenantId, product);
      return manager.save(Availability, manager.create(Availability, { tenantId, productId: product, ...periodFields(dto) }));
    });
    return mapAvailability(created);
  }

  /** Replaces the period's dates and prices with the ones sent. */
  async update(
    principal: Principal,
    tenantId: string,
    productId: string,
    availabilityId: string,
    dto: AvailabilityDto,
  ): Promise<AvailabilityView> {
    requireTenantAdministration(principal, tenantId);
    const product = requireResourceId(productId, 'Product');
    const periodId = requireResourceId(availabilityId, 'Availability period');
    assertDatesOrdered(dto.startDate, dto.endDate);
    const updated = await this.writing(tenantId, async (manager) => {
      const period = await manager.findOneBy(Availability, { tenantId, productId: product, id: periodId });
      if (!period) throw periodNotFound();
      Object.assign(period, periodFields(dto));
      return manager.save(Availability, period);
    });
    return mapAvailability(updated);
  }

  async delete(principal: Principal, tenantId: string, productId: string, availabilityId: string): Promise<{ deleted: true }> {
    requireTenantAdministration(principal, tenantId);
    const product = requireResourceId(productId, 'Product');
    const periodId = requireResourceId(availabilityId, 'Availability period');
    await withTenant(this.dataSource, tenantId, async (manager) => {
      const { affected } = await manager.delete(Availability, { tenantId, productId: product, id: periodId });
      if (!affected) throw periodNotFound();
    });
    return { deleted: true };
  }

  private writing<T>(tenantId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return withConstraintErrors(() => withTenant(this.dataSource, tenantId, work), PERIOD_WRITE_ERRORS);
  }
}

/**
 * What is stored for a period. A switch left out follows its value (a cost sent means the cost applies);
 * a value whose switch is off is kept, so switching it on again brings it back, and prices ignore it.
 */
export function periodFields(dto: AvailabilityDto) {
  const switchOf = (flag: boolean | undefined, value: unknown) => flag ?? (value !== undefined && value !== null);
  return {
    startDate: dto.startDate,
    endDate: dto.endDate,
    hasMinParticipants: switchOf(dto.hasMinParticipants, dto.minParticipants),
    minParticipants: dto.minParticipants ?? null,
    hasCostPerPerson: switchOf(dto.hasCostPerPerson, dto.costPerPerson),
    costPerPerson: moneyOrNull(dto.costPerPerson),
    hasFlatRate: switchOf(dto.hasFlatRate, dto.flatRate),
    flatRate: moneyOrNull(dto.flatRate),
    hasAdditionalCosts: switchOf(dto.hasAdditionalCosts, dto.additionalCosts),
    additionalCosts: moneyOrNull(dto.additionalCosts),
    priceIncludesVat: dto.priceIncludesVat ?? false,
    supplierCostPerPerson: moneyOrNull(dto.supplierCostPerPerson),
    supplierCostPerBooking: moneyOrNull(dto.supplierCostPerBooking),
    freePlacesEvery: dto.freePlacesEvery ?? null,
    freePlacesCount: dto.freePlacesCount ?? null,
  };
}

async function assertProductExists(manager: EntityManager, tenantId: string, productId: string): Promise<void> {
  if (!(await manager.existsBy(Product, { tenantId, id: productId }))) throw appError('NOT_FOUND', 'Product not found');
}

function periodNotFound() {
  return appError('NOT_FOUND', 'Availability period not found');
}
