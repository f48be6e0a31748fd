import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CUSTOMER_CHANGED, type CustomerDuplicatesQueryDto, type CustomerDuplicateView, type CustomerDto, type CustomerView, type ListPage, type Principal, type SetTagsDto, type TagIdsView } from '@quotebook/contracts';
import { appError, type ConstraintErrors, EventBus, fillPage, inOrderOf, PAGE_ROWS_MAX, pageStart, requireResourceId, requireTenantAccess, requireTenantAdministration, type SizedRow, withConstraintErrors } from '@quotebook/server-core';
import { readTenant, withTenant } from '@quotebook/server-core/service';
import { DEFAULT_LANGUAGE, LOOP_MESSAGES } from '@quotebook/domain';
import { DataSource, EntityManager, In } from 'typeorm';
import { assertActivePriceListOfTenant } from '../price-lists/price-lists.service';
import { TenantLanguages } from '../products/tenant-languages';
import { QuoteUsage } from '../quoting-links/quote-usage';
import { replaceTags, TAG_ID_BYTES, tagIdsByItem, tagIdsOf } from '../tags/tag-links';
import { Customer } from './customer.entity';
import { customerChanges, mapCustomer } from './customer.views';

/** A tenant transaction whose price list vanished under it answers like a price list that never was. */
const PRICE_LIST_GONE: ConstraintErrors = {
  customers_price_list_fkey: () => appError('VALIDATION_FAILED', ['priceListId must be an active price list of this tenant']),
};

/** What a customer's JSON may add to its row's: the tag ids' key and brackets, camelCase keys. */
const CUSTOMER_FIELDS_BYTES = 64;

@Injectable()
export class CustomersService {
  private readonly logger = new Logger(CustomersService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly quoteUsage: QuoteUsage,
    private readonly bus: EventBus,
    private readonly languages: TenantLanguages,
  ) {}

  /**
   * One page of the list, bounded by bytes, in three queries whatever its size: the sizes of the
   * customers from the cursor on (the row's JSON, the tag links counted), then the page's customers,
   * all their tag links.
   */
  async list(principal: Principal, tenantId: string, cursor?: number): Promise<ListPage<CustomerView>> {
    requireTenantAccess(principal, tenantId);
    const start = pageStart(cursor);
    return readTenant(this.dataSource, tenantId, async (manager) => {
      const sized: SizedRow[] = await manager.query(
        `SELECT customer.id,
                octet_length(to_jsonb(customer)::text) + $4
                  + $5 * (SELECT count(*) FROM catalogue.customer_tags link
                           WHERE link.tenant_id = customer.tenant_id AND link.customer_id = customer.id) AS bytes
           FROM catalogue.customers customer
          WHERE customer.tenant_id = $1
          ORDER BY lower(customer.name) ASC, customer.id ASC
         OFFSET $2 LIMIT $3`,
        [tenantId, start, PAGE_ROWS_MAX + 1, CUSTOMER_FIELDS_BYTES, TAG_ID_BYTES],
      );
      const { ids, nextCursor } = fillPage(sized, start);
      const customers = inOrderOf(ids, await manager.find(Customer, { where: { tenantId, id: In(ids) } }));
      const tagIds = await tagIdsByItem(manager, 'customer', tenantId, ids);
      return { items: customers.map((customer) => mapCustomer(customer, tagIds.get(customer.id) ?? [])), nextCursor };
    });
  }

  async create(principal: Principal, tenantId: string, dto: CustomerDto): Promise<CustomerView> {
    requireTenantAdministration(principal, tenantId);
    await this.assertOffered(principal, tenantId, dto.language);
    const created = await this.writing(tenantId, async (manager) => {
      const priceListId = dto.priceListId ?? null;
      if (priceListId) await assertActivePriceListOfTenant(manager, tenantId, priceListId);
      return manager.save(Customer, manager.create(Customer, { tenantId, ...customerChanges(dto), priceListId }));
    });
    return mapCustomer(created, []);
  }

  /**
   * A new price list must be an active one; a customer may keep the one it has even after that list
   * was switched off (editing its address must not fail because of it). A new name is announced once
   * it is stored: quotes show it.
   */
  async update(principal: Principal, tenantId: string, id: string, dto: CustomerDto): Promise<CustomerView> {
    requireTenantAdministration(principal, tenantId);
    const customerId = requireResourceId(id, 'Customer');
    const { view, renamed } = await this.writing(tenantId, async (manager) => {
      const customer = await findCustomer(manager, tenantId, customerId, true);
      // a language the agency has stopped offering stays on the customer as long as it is not changed
      if (dto.language !== customer.language) await this.assertOffered(principal, tenantId, dto.language);
      const formerName = customer.name;
      if (dto.priceListId !== undefined && dto.priceListId !== customer.priceListId) {
        if (dto.priceListId) await assertActivePriceListOfTenant(manager, tenantId, dto.priceListId);
        customer.priceListId = dto.priceListId;
      }
      Object.assign(customer, customerChanges(dto));
      const saved = await manager.save(Customer, customer);
      return { view: mapCustomer(saved, await tagIdsOf(manager, 'customer', tenantId, customerId)), renamed: saved.name !== formerName };
    });
    if (renamed) await this.announceName(tenantId, view);
    return view;
  }

  /**
   * A customer's language must be one the agency offers (tenancy owns them, and is asked on each write
   * that sets another language than Italian, which every agency offers): 400 naming `language`.
   */
  private async assertOffered(principal: Principal, tenantId: string, language: string | undefined): Promise<void> {
    if (language === undefined || language === DEFAULT_LANGUAGE) return;
    const offered = await this.languages.of(principal, tenantId);
    if (!offered.includes(language)) throw appError('VALIDATION_FAILED', [LOOP_MESSAGES.languageNotOffered]);
  }

  /**
   * The update is stored whatever happens here: an event that could not be published leaves the
   * quotes showing the former name until the customer's name changes again, and is logged.
   */
  private async announceName(tenantId: string, customer: CustomerView): Promise<void> {
    try {
      await this.bus.publish(CUSTOMER_CHANGED, { tenantId, customerId: customer.id, name: customer.name });
    } catch (error) {
      this.logger.error(`customer.changed of ${customer.id} not published: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Removes the customer and its tag links, unless quotes are for it (409, nothing deleted). */
  async delete(principal: Principal, tenantId: string, id: string): Promise<{ deleted: true }> {
    requireTenantAdministration(principal, tenantId);
    const customerId = requireResourceId(id, 'Customer');
    await this.quoteUsage.assertUnused(principal, tenantId, { customerId });
    await withTenant(this.dataSource, tenantId, async (manager) => {
      const { affected } = await manager.delete(Customer, { tenantId, id: customerId });
      if (!affected) throw customerNotFound();
    });
    return { deleted: true };
  }

  /** One customer, for every user of the agency (a quote's document prints its salutation and address). */
  async get(principal: Principal, tenantId: string, id: string): Promise<CustomerView> {
    requireTenantAccess(principal, tenantId);
    const customerId = requireResourceId(id, 'Customer');
    return readTenant(this.dataSource, tenantId, async (manager) =>
      mapCustomer(await findCustomer(manager, tenantId, customerId), await tagIdsOf(manager, 'customer', tenantId, customerId)),
    );
  }

  /**
   * The customers another one about to be saved would repeat: the same e-mail (any case) or the same
   * VAT number (spaces and case aside), the one being edited left out; at most a few, closest first.
   */
  async duplicates(principal: Principal, tenantId: string, query: CustomerDuplicatesQueryDto): Promise<CustomerDuplicateView[]> {
    requireTenantAccess(principal, tenantId);
    const email = query.email?.trim().toLowerCase() || null;
    const vatNumber = normalizedVatNumber(query.vatNumber);
    if (!email && !vatNumber) return [];
    const rows: { id: string; name: string; email: string; city: string | null; vat_number: string | null; same_email: boolean; same_vat: boolean }[] =
      await readTenant(this.dataSource, tenantId, (manager) =>
        manager.query(
          `SELECT id, name, email, city, vat_number, same_email, same_vat
             FROM (SELECT customer.*,
                          ($2::text IS NOT NULL AND lower(customer.email) = $2) AS same_email,
                          ($3::text IS NOT NULL AND upper(regexp_replace(coalesce(customer.vat_number, ''), '\\s', '', 'g')) = $3) AS same_vat
                     FROM catalogue.customers customer
                    WHERE customer.tenant_id = $1 AND ($4::uuid IS NULL OR customer.id <> $4)) candidate
            WHERE same_email OR same_vat
            ORDER BY (same_email AND same_vat) DESC, lower(name), id
            LIMIT $5`,
          [tenantId, email, vatNumber, query.excludeId ?? null, CUSTOMER_DUPLICATES_SHOWN],
        ),
      );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      city: row.city,
      vatNumber: row.vat_number,
      matches: [...(row.same_email ? ['email' as const] : []), ...(row.same_vat ? ['vatNumber' as const] : [])],
    }));
  }

  async getTags(principal: Principal, tenantId: string, id: string): Promise<TagIdsView> {
    requireTenantAccess(principal, tenantId);
    const customerId = requireResourceId(id, 'Customer');
    return readTenant(this.dataSource, tenantId, async (manager) => {
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

  private writing<T>(tenantId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return withConstraintErrors(() => withTenant(this.dataSource, tenantId, work), PRICE_LIST_GONE);
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

/** How many look-alike customers the check names at most. */
const CUSTOMER_DUPLICATES_SHOWN = 5;

/** A VAT number as two writings of it compare: upper case, without spaces; null when empty. */
function normalizedVatNumber(value: string | undefined): string | null {
  const normalized = value?.replace(/\s/g, '').toUpperCase();
  return normalized ? normalized : null;
}

function customerNotFound() {
  return appError('NOT_FOUND', 'Customer not found');
}
