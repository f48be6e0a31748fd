import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { formatCents, toCents, type Principal, type VatRateDto, type VatRateView } from '@quotebook/contracts';
import { appError, type ConstraintErrors, requireResourceId, requireTenantAccess, requireTenantAdministration, withConstraintErrors } from '@quotebook/server-core';
import { entityRows, readTenant, withTenant } from '@quotebook/server-core/service';
import { DataSource, EntityManager } from 'typeorm';
import { deleteUnlessUsed, VAT_RATES } from '../in-use';
import { VatRate } from './vat-rate.entity';
import { mapVatRate } from './vat-rate.views';
import { assertRoomInList } from '../list-limits';

const VAT_RATE = 'VAT rate';
export const VAT_RATE_DESCRIPTION_TAKEN = 'A VAT rate with this description already exists';

/** Two rates of one agency with the same description (whatever its case or spaces) could not be told apart. */
const UNIQUE_DESCRIPTION: ConstraintErrors = {
  vat_rates_description_unique: () => appError('VAT_RATE_DESCRIPTION_TAKEN', VAT_RATE_DESCRIPTION_TAKEN),
};

@Injectable()
export class VatRatesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(principal: Principal, tenantId: string): Promise<VatRateView[]> {
    requireTenantAccess(principal, tenantId);
    const rates = await readTenant(this.dataSource, tenantId, (manager) => entityRows(manager, VatRate, { tenantId }, { rate: 'DESC', description: 'ASC', id: 'ASC' }));
    return rates.map(mapVatRate);
  }

  async create(principal: Principal, tenantId: string, dto: VatRateDto): Promise<VatRateView> {
    requireTenantAdministration(principal, tenantId);
    const created = await this.writing(tenantId, async (manager) => {
      await assertRoomInList(manager, 'vatRates', tenantId);
      return manager.save(VatRate, manager.create(VatRate, { tenantId, description: dto.description, rate: formatCents(toCents(dto.rate)) }));
    });
    return mapVatRate(created);
  }

  async update(principal: Principal, tenantId: string, id: string, dto: VatRateDto): Promise<VatRateView> {
    requireTenantAdministration(principal, tenantId);
    const vatRateId = requireResourceId(id, VAT_RATE);
    const updated = await this.writing(tenantId, async (manager) => {
      const vatRate = await findVatRate(manager, tenantId, vatRateId);
      vatRate.description = dto.description;
      vatRate.rate = formatCents(toCents(dto.rate));
      return manager.save(VatRate, vatRate);
    });
    return mapVatRate(updated);
  }

  /** A rate that products still use stays: 409 naming how many, nothing changed. */
  async delete(principal: Principal, tenantId: string, id: string): Promise<{ deleted: true }> {
    requireTenantAdministration(principal, tenantId);
    return deleteUnlessUsed(this.dataSource, VAT_RATES, tenantId, requireResourceId(id, VAT_RATE));
  }

  private writing<T>(tenantId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return withConstraintErrors(() => withTenant(this.dataSource, tenantId, work), UNIQUE_DESCRIPTION);
  }
}

async function findVatRate(manager: EntityManager, tenantId: string, id: string): Promise<VatRate> {
  const vatRate = await manager.findOneBy(VatRate, { tenantId, id });
  if (!vatRate) throw appError('NOT_FOUND', `${VAT_RATE} not found`);
  return vatRate;
}

/**
 * For products: the VAT rate must be one of the tenant's (400 naming the field otherwise). Locked against
 * deletion until the product is saved, so a delete running meanwhile waits and then sees it in use.
 */
export async function assertVatRateOfTenant(manager: EntityManager, tenantId: string, vatRateId: string): Promise<void> {
  const rows = await manager.query('SELECT id FROM catalogue.vat_rates WHERE tenant_id = $1 AND id = $2 FOR KEY SHARE', [
    tenantId,
    vatRateId,
  ]);
  if (rows.length === 0) throw appError('VALIDATION_FAILED', ['vatRateId must be a VAT rate of this tenant']);
}
