import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  keywordProblem,
  normalizeTenantLanguages,
  RESERVED_KEYWORDS,
  TENANT_CREATED,
  TENANT_DELETED,
  TENANT_TERMS_CHANGED,
  todayIn,
  USERS_CREATE_TENANT_ADMIN,
  USERS_DELETE_BY_TENANT,
  USERS_GET_TENANT_ADMIN,
  USERS_UPDATE_TENANT_ADMIN,
  type CreateTenantDto,
  type ListPage,
  type Principal,
  type TenantAdminView,
  type TenantLoginStatus,
  type TenantPublicView,
  type TenantSessionState,
  type TenantSettingsDto,
  type TenantView,
  type UpdateTenantDto,
} from '@quotebook/contracts';
import { appError, EventBus, pageOfItems, pageStart, requireSuperadmin, requireTenantAccess, requireTenantAdministration, RpcClient, SessionStates, withConstraintErrors } from '@quotebook/server-core';
import { runCompensated } from '@quotebook/server-core/service';
import { isUUID } from 'class-validator';
import { DataSource, EntityManager, Not, Repository } from 'typeorm';
import { TenancyEnv } from '../env';
import { tenantSessionState } from '../sessions/tenant-states';
import { Tenant } from './tenant.entity';
import { mapLoginStatus, mapPublicTenant, mapTenant, settingsChanges } from './tenant.views';

const KEYWORD_TAKEN = 'Keyword already exists';
const MAX_LOGO_URL_LENGTH = 2000;

@Injectable()
export class TenantsService {
  private readonly logger = new Logger(TenantsService.name);

  constructor(
    @InjectRepository(Tenant) private readonly tenants: Repository<Tenant>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    private readonly bus: EventBus,
    private readonly env: TenancyEnv,
    private readonly sessions: SessionStates,
  ) {}

  /** One page of the list, bounded by bytes (every tenant is read; the bus, not memory, is small). */
  async list(principal: Principal, cursor?: number): Promise<ListPage<TenantView>> {
    requireSuperadmin(principal);
    const start = pageStart(cursor);
    const tenants = await this.tenants.find({ order: { name: 'ASC', keyword: 'ASC', id: 'ASC' } });
    const today = this.today();
    return pageOfItems(tenants.map((tenant) => mapTenant(tenant, today)), start);
  }

  async get(principal: Principal, tenantId: string): Promise<TenantView> {
    requireTenantAccess(principal, tenantId);
    return this.view(await this.findTenant(this.tenants.manager, tenantId));
  }

  /**
   * The tenant and its admin are created together: the tenant row stays uncommitted while identity
   * creates the admin, so a refusal there (e.g. 409 username taken) leaves no tenant behind.
   */
  async create(principal: Principal, dto: CreateTenantDto): Promise<TenantView> {
    requireSuperadmin(principal);
    assertKeywordAllowed(dto.keyword);
    await this.assertKeywordFree(this.tenants.manager, dto.keyword);
    const tenant = await runCompensated(this.dataSource, {
      local: (manager) =>
        this.saveTenant(
          manager,
          manager.create(Tenant, {
            name: dto.name,
            keyword: dto.keyword,
            languages: normalizeTenantLanguages(dto.languages),
            expiryDate: dto.expiryDate,
            enabled: dto.enabled ?? true,
          }),
        ),
      remote: (created) =>
        this.rpc.send(USERS_CREATE_TENANT_ADMIN, {
          principal,
          tenantId: created.id,
          username: dto.adminUsername,
          password: dto.adminPassword,
          name: dto.adminName,
          email: dto.adminEmail,
        }),
      compensate: (created) => this.rpc.send(USERS_DELETE_BY_TENANT, { principal, tenantId: created.id }),
      leftover: (created) => `Users of the rolled-back tenant ${created.id} may remain in identity`,
    });
    await this.publishSessionState(tenant.id, tenantSessionState(tenant));
    await this.announceCreated(tenant.id);
    return this.view(tenant);
  }

  /**
   * Services that give a new agency something (the documents service: a starter layout) hear of it
   * durably. The agency exists whatever happens here: one that was not announced is served on its first
   * use instead, and the failure is logged.
   */
  private async announceCreated(tenantId: string): Promise<void> {
    try {
      await this.bus.publish(TENANT_CREATED, { tenantId, createdAt: new Date().toISOString() });
    } catch (error) {
      this.logger.error(`tenant.created of ${tenantId} not published: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async update(principal: Principal, tenantId: string, dto: UpdateTenantDto): Promise<TenantView> {
    requireSuperadmin(principal);
    const tenant = await this.dataSource.transaction(async (manager) => {
      const current = await this.findTenant(manager, tenantId, true);
      // disabling the agency or moving its expiry ends its users' sessions: the new state replaces the old
      await this.sessions.forget({ tenants: [tenantId] });
      current.sessionVersion += 1;
      if (dto.keyword !== current.keyword) {
        assertKeywordAllowed(dto.keyword);
        await this.assertKeywordFree(manager, dto.keyword, tenantId);
      }
      current.name = dto.name;
      current.keyword = dto.keyword;
      if (dto.languages !== undefined) current.languages = normalizeTenantLanguages(dto.languages);
      current.expiryDate = dto.expiryDate;
      if (dto.enabled !== undefined) current.enabled = dto.enabled;
      const updated = await this.saveTenant(manager, current);
      await this.rpc.send(USERS_UPDATE_TENANT_ADMIN, {
        principal,
        tenantId,
        username: dto.adminUsername,
        name: dto.adminName,
        email: dto.adminEmail,
        ...(dto.adminPassword ? { password: dto.adminPassword } : {}),
      });
      return updated;
    });
    await this.publishSessionState(tenantId, tenantSessionState(tenant));
    return this.view(tenant);
  }

  /** The deletion commits only once the event is on JetStream, so every service is sure to hear of it. */
  async delete(principal: Principal, tenantId: string): Promise<{ deleted: true }> {
    requireSuperadmin(principal);
    if (!isUUID(tenantId)) throw tenantNotFound();
    await this.dataSource.transaction(async (manager) => {
      await this.sessions.forget({ tenants: [tenantId] });
      const { affected } = await manager.delete(Tenant, { id: tenantId });
      if (!affected) throw tenantNotFound();
      try {
        await this.bus.publish(TENANT_DELETED, { tenantId, deletedAt: new Date().toISOString() });
      } catch (error) {
        this.logger.error(`tenant.deleted for ${tenantId} not published: ${error instanceof Error ? error.message : error}`);
        throw appError('SERVICE_UNAVAILABLE', 'The event bus is unavailable; the tenant was not deleted');
      }
    });
    await this.publishSessionState(tenantId, { deleted: true });
    return { deleted: true };
  }

  async getAdmin(principal: Principal, tenantId: string): Promise<TenantAdminView> {
    requireSuperadmin(principal);
    await this.findTenant(this.tenants.manager, tenantId);
    return this.rpc.send(USERS_GET_TENANT_ADMIN, { principal, tenantId });
  }

  /** Public: what the tenant's login page needs. An impossible keyword is simply not found. */
  async findByKeyword(keyword: unknown): Promise<TenantPublicView> {
    if (typeof keyword !== 'string' || keywordProblem(keyword) !== null) throw tenantNotFound();
    const tenant = await this.tenants.findOneBy({ keyword });
    if (!tenant) throw tenantNotFound();
    return mapPublicTenant(tenant, this.today());
  }

  async updateSettings(principal: Principal, tenantId: string, dto: TenantSettingsDto): Promise<TenantView> {
    requireTenantAdministration(principal, tenantId);
    const tenant = await this.findTenant(this.tenants.manager, tenantId);
    const changes = { ...settingsChanges(dto), ...(dto.costVisibleToUsers === undefined ? {} : { costVisibleToUsers: dto.costVisibleToUsers }) };
    if (Object.keys(changes).length > 0) await this.tenants.update({ id: tenantId }, changes);
    // the gateways trust what they last heard of this setting until a session state changes: they hear of it before this answers
    if (dto.costVisibleToUsers !== undefined && dto.costVisibleToUsers !== tenant.costVisibleToUsers) await this.sessions.announceChange();
    const days = dto.balanceDueDaysDefault;
    if (days !== undefined && days !== tenant.balanceDueDaysDefault) {
      await this.tenants.update({ id: tenantId }, { balanceDueDaysDefault: days });
      await this.publishTerms(tenantId, days);
    }
    return this.view(Object.assign(tenant, changes, days === undefined ? {} : { balanceDueDaysDefault: days }));
  }

  /**
   * After the commit. The change stands even when the bus fails now (the log says so): quoting's
   * schedules follow the agency's next change of its terms.
   */
  private async publishTerms(tenantId: string, balanceDueDaysDefault: number): Promise<void> {
    try {
      await this.bus.publish(TENANT_TERMS_CHANGED, { tenantId, balanceDueDaysDefault });
    } catch (error) {
      this.logger.error(`tenant.terms-changed of ${tenantId} not published: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async setLogo(principal: Principal, tenantId: string, logoUrl: unknown): Promise<TenantView> {
    requireTenantAdministration(principal, tenantId);
    if (typeof logoUrl !== 'string' || logoUrl.trim() === '' || logoUrl.length > MAX_LOGO_URL_LENGTH) {
      throw appError('VALIDATION_FAILED', ['logoUrl must be a non-empty text']);
    }
    const tenant = await this.findTenant(this.tenants.manager, tenantId);
    await this.tenants.update({ id: tenantId }, { logoUrl: logoUrl.trim() });
    return this.view(Object.assign(tenant, { logoUrl: logoUrl.trim() }));
  }

  /** Internal: asked by identity at sign-in. */
  async loginStatus(tenantId: string): Promise<TenantLoginStatus> {
    return mapLoginStatus(await this.findTenant(this.tenants.manager, tenantId), this.today());
  }

  /** After the commit. The change stands even when Redis fails now: its key is gone, so tenancy is asked. */
  private async publishSessionState(tenantId: string, state: TenantSessionState): Promise<void> {
    await this.sessions.publishTenant(tenantId, state).catch((error: unknown) =>
      this.logger.error(`Session state of tenant ${tenantId} not stored: ${error instanceof Error ? error.message : error}`),
    );
  }

  private today(): string {
    return todayIn(this.env.BUSINESS_TIME_ZONE);
  }

  private view(tenant: Tenant): TenantView {
    return mapTenant(tenant, this.today());
  }

  private async findTenant(manager: EntityManager, tenantId: string, forUpdate = false): Promise<Tenant> {
    if (typeof tenantId !== 'string' || !isUUID(tenantId)) throw tenantNotFound();
    const tenant = await manager.findOne(Tenant, {
      where: { id: tenantId },
      ...(forUpdate ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!tenant) throw tenantNotFound();
    return tenant;
  }

  private async assertKeywordFree(manager: EntityManager, keyword: string, exceptTenantId?: string): Promise<void> {
    const taken = await manager.existsBy(Tenant, exceptTenantId ? { keyword, id: Not(exceptTenantId) } : { keyword });
    if (taken) throw keywordTaken();
  }

  /** Saves a tenant; the unique index has the last word when two requests race for one keyword. */
  private saveTenant(manager: EntityManager, tenant: Tenant): Promise<Tenant> {
    return withConstraintErrors(() => manager.save(Tenant, tenant), { tenants_keyword_key: keywordTaken });
  }
}

function tenantNotFound() {
  return appError('TENANT_NOT_FOUND', 'Tenant not found');
}

function keywordTaken() {
  return appError('KEYWORD_TAKEN', KEYWORD_TAKEN);
}

function assertKeywordAllowed(keyword: string): void {
  const problem = keywordProblem(keyword);
  if (problem) throw appError(isReservedKeyword(keyword) ? 'KEYWORD_RESERVED' : 'VALIDATION_FAILED', [problem]);
}

function isReservedKeyword(keyword: string): boolean {
  return (RESERVED_KEYWORDS as readonly string[]).includes(keyword);
}
