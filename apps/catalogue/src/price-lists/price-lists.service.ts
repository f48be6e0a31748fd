import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PriceListDto, PriceListView, Principal } from '@quotebook/contracts';
import { appError, requireResourceId, requireTenantAccess, requireTenantAdministration } from '@quotebook/server-core';
import { entityRows, readTenant, withTenant } from '@quotebook/server-core/service';
import { DataSource, EntityManager } from 'typeorm';
import { assertDatesOrdered } from '../dates';
import { deleteUnlessUsed, PRICE_LISTS } from '../in-use';
import { moneyOrNull } from '../money';
import { PriceList } from './price-list.entity';
import { mapPriceList } from './price-list.views';
import { assertRoomInList } from '../list-limits';

@Injectable()
export class PriceListsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(principal: Principal, tenantId: string): Promise<PriceListView[]> {
    requireTenantAccess(principal, tenantId);
    const priceLists = await readTenant(this.dataSource, tenantId, (manager) =>
      entityRows(manager, PriceList, { tenantId }, { startDate: 'DESC', name: 'ASC', id: 'ASC' }),
    );
    return priceLists.map(mapPriceList);
  }

  async create(principal: Principal, tenantId: string, dto: PriceListDto): Promise<PriceListView> {
    requireTenantAdministration(principal, tenantId);
    assertDatesOrdered(dto.startDate, dto.endDate);
    const created = await withTenant(this.dataSource, tenantId, async (manager) => {
      await assertRoomInList(manager, 'priceLists', tenantId);
      return manager.save(PriceList, manager.create(PriceList, { tenantId, ...fieldsOf(dto), isActive: dto.isActive ?? true }));
    });
    return mapPriceList(created);
  }

  async update(principal: Principal, tenantId: string, id: string, dto: PriceListDto): Promise<PriceListView> {
    requireTenantAdministration(principal, tenantId);
    const priceListId = requireResourceId(id, 'Price list');
    assertDatesOrdered(dto.startDate, dto.endDate);
    const updated = await withTenant(this.dataSource, tenantId, async (manager) => {
      const priceList = await findPriceList(manager, tenantId, priceListId);
      Object.assign(priceList, fieldsOf(dto));
      if (dto.isActive !== undefined) priceList.isActive = dto.isActive;
      return manager.save(PriceList, priceList);
    });
    return mapPriceList(updated);
  }

  /** A price list that customers still use stays: 409 naming how many, nothing changed. */
  async delete(principal: Principal, tenantId: string, id: string): Promise<{ deleted: true }> {
    requireTenantAdministration(principal, tenantId);
    return deleteUnlessUsed(this.dataSource, PRICE_LISTS, tenantId, requireResourceId(id, 'Price list'));
  }
}

/** Reductions and markup left out or null mean none (the request's rules refuse a markup with a reduction). */
function fieldsOf(dto: PriceListDto) {
  return {
    name: dto.name,
    startDate: dto.startDate,
    endDate: dto.endDate,
    reductionAmount: moneyOrNull(dto.reductionAmount),
    reductionPercentage: moneyOrNull(dto.reductionPercentage),
    markupPercentage: moneyOrNull(dto.markupPercentage),
  };
}

async function findPriceList(manager: EntityManager, tenantId: string, id: string): Promise<PriceList> {
  const priceList = await manager.findOneBy(PriceList, { tenantId, id });
  if (!priceList) throw appError('NOT_FOUND', 'Price list not found');
  return priceList;
}

/**
 * For customers: the price list must be an active one of the tenant (400 naming the field otherwise).
 * Locked against deletion until the customer is saved.
 */
export async function assertActivePriceListOfTenant(manager: EntityManager, tenantId: string, priceListId: string): Promise<void> {
  const rows = await manager.query(
    'SELECT is_active FROM catalogue.price_lists WHERE tenant_id = $1 AND id = $2 FOR KEY SHARE',
    [tenantId, priceListId],
  );
  if (rows.length === 0 || !rows[0].is_active) {
    throw appError('VALIDATION_FAILED', ['priceListId must be an active price list of this tenant']);
  }
}
