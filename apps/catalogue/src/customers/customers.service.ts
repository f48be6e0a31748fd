import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CustomerDto, CustomerView, ListPage, Principal, SetTagsDto, TagIdsView } from '@quotebook/contracts';
import { appError, withTenant } from '@quotebook/server-core';
import { DataSource, EntityManager } from 'typeorm';
import { PG_FOREIGN_KEY_VIOLATION, violates } from '../database-errors';
import { requireResourceId } from '../ids';
import { assertActivePriceListOfTenant } from '../price-lists/price-lists.service';
import { requireTenantAccess, requireTenantAdministration } from '../principal-checks';
import { replaceTags, tagIdsByItem, tagIdsOf } from '../tags/tag-links';
import { Customer } from './customer.entity';
import { customerChanges, mapCustomer } from './customer.views';

@Injectable()
export class CustomersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Every customer with its tag ids in two queries, whatever the number of customers. */
  /** One page of the list (all of it without `page`), each customer with its tag ids. */
  async list(principal: Principal, tenantId: string, page?: ListPage): Promise<CustomerView[]> {
    requireTenantAccess(principal, tenantId);
    return withTenant(this.dataSource, tenantId, async (manager) => {
      const customers = await manager
        .createQueryBuilder(Customer, 'customer')
        .where('customer.tenantId = :tenantId', { tenantId })
        .orderBy('lower(customer.name)', 'ASC')
        .addOrderBy('customer.id', 'ASC')
        .offset(page?.offset)
        .limit(page?.limit)
        .getMany();
      const tagIds = await tagIdsByItem(manager, 'customer', tenantId, customers.map((customer) => customer.id));
      return customers.map((customer) => mapCustomer(customer, tagIds.get(customer.id) ?? []));
    });
  }

  async create(principal: Principal, tenantId: string, dto: CustomerDto): Promise<CustomerView> {
    requireTenantAdministration(principal, tenantId);
    const created = await this.writing(tenantId, async (manager) => {
      const priceListId = dto.priceListId ?? null;
      if (priceListId) await assertActivePriceListOfTenant(manager, tenantId, priceListId);
      return manager.save(Customer, manager.create(Customer, { tenantId, ...customerChanges(dto), priceListId }));
    });
    return mapCustomer(created, []);
  }

  /**
   * A new price list must be an active one; a customer may keep the one it has even after that list
   * was switched off (editing its address must not fail because of it).
   */
  async update(principal: Principal, tenantId: string, id: string, dto: CustomerDto): Promise<CustomerView> {
    requireTenantAdministration(principal, tenantId);
    const customerId = requireResourceId(id, 'Customer');
    return this.writing(tenantId, async (manager) => {
      const customer = await findCustomer(manager, tenantId, customerId, true);
      if (dto.priceListId !== undefined && dto.priceListId !== customer.priceListId) {
        if (dto.priceListId) await assertActivePriceListOfTenant(manager, tenantId, dto.priceListId);
        customer.priceListId = dto.priceListId;
      }
      Object.assign(customer, customerChanges(dto));
      const saved = await manager.save(Customer, customer);
      return mapCustomer(saved, await tagIdsOf(manager, 'customer', tenantId, customerId));
    });
  }

  /** Removes the customer and its tag links. */
  async delete(principal: Principal, tenantId: string, id: string): Promise<{ deleted: true }> {
    requireTenantAdministration(principal, tenantId);
    const customerId = requireResourceId(id, 'Customer');
    await withTenant(this.dataSource, tenantId, async (manager) => {
      const { affected } = await manager.delete(Customer, { tenantId, id: customerId });
      if (!affected) throw customerNotFound();
    });
    return { deleted: true };
  }

  async getTags(principal: Principal, tenantId: string, id: string): Promise<TagIdsView> {
    requireTenantAccess(principal, tenantId);
    const customerId = requireResourceId(id, 'Customer');
    return withTenant(this.dataSource, tenantId, async (manager) => {
      await findCustomer(manager, tenantId, customerId);
      return { tagIds: await tagIdsOf(manager, 'customer', tenantId, customerId) };
    });
  }

  /** The customer's tags become exactly these customer tags. */
  async setTags(principal: Principal, tenantId: string, id: string, dto: SetTagsDto): Promise<TagIdsView> {
    requireTenantAdministration(principal, tenantId);
    const customerId = requireResourceId(id, 'Customer');
    return withTenant(this.dataSource, tenantId, async (manager) => {
      await findCustomer(manager, tenantId, customerId, true);
      await replaceTags(manager, 'customer', tenantId, customerId, dto.tagIds);
      return { tagIds: await tagIdsOf(manager, 'customer', tenantId, customerId) };
    });
  }

  /** A tenant transaction whose price list vanished under it answers like a price list that never was. */
  private async writing<T>(tenantId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await withTenant(this.dataSource, tenantId, work);
    } catch (error) {
      if (violates(error, PG_FOREIGN_KEY_VIOLATION, 'customers_price_list_fkey')) {
        throw appError('VALIDATION_FAILED', ['priceListId must be an active price list of this tenant']);
      }
      throw error;
    }
  }
}

async function findCustomer(manager: EntityManager, tenantId: string, id: string, forUpdate = false): Promise<Customer> {
  const customer = await manager.findOne(Customer, {
    where: { tenantId, id },
    ...(forUpdate ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  if (!customer) throw customerNotFound();
  return customer;
}

function customerNotFound() {
  return appError('NOT_FOUND', 'Customer not found');
}
