import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateTenantDto,
  TENANTS_BY_KEYWORD,
  TENANTS_CREATE,
  TENANTS_DELETE,
  TENANTS_GET,
  TENANTS_GET_ADMIN,
  TENANTS_LIST,
  TENANTS_LOGIN_STATUS,
  TENANTS_SET_LOGO,
  TENANTS_UPDATE,
  TENANTS_UPDATE_SETTINGS,
  TenantSettingsDto,
  UpdateTenantDto,
  type Principal,
} from '@quotebook/contracts';
import { TenantsService } from './tenants.service';

@Controller()
export class TenantsController {
  constructor(private readonly tenants: TenantsService) {}

  @MessagePattern(TENANTS_LIST.subject)
  list(@Payload('principal') principal: Principal, @Payload('cursor') cursor: number | undefined) {
    return this.tenants.list(principal, cursor);
  }

  @MessagePattern(TENANTS_GET.subject)
  get(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string) {
    return this.tenants.get(principal, tenantId);
  }

  @MessagePattern(TENANTS_CREATE.subject)
  create(@Payload('principal') principal: Principal, @Payload('data') data: CreateTenantDto) {
    return this.tenants.create(principal, data);
  }

  @MessagePattern(TENANTS_UPDATE.subject)
  update(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string, @Payload('data') data: UpdateTenantDto) {
    return this.tenants.update(principal, tenantId, data);
  }

  @MessagePattern(TENANTS_DELETE.subject)
  delete(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string) {
    return this.tenants.delete(principal, tenantId);
  }

  @MessagePattern(TENANTS_GET_ADMIN.subject)
  getAdmin(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string) {
    return this.tenants.getAdmin(principal, tenantId);
  }

  @MessagePattern(TENANTS_BY_KEYWORD.subject)
  byKeyword(@Payload('keyword') keyword: string) {
    return this.tenants.findByKeyword(keyword);
  }

  @MessagePattern(TENANTS_UPDATE_SETTINGS.subject)
  updateSettings(
    @Payload('principal') principal: Principal,
    @Payload('tenantId') tenantId: string,
    @Payload('data') data: TenantSettingsDto,
  ) {
    return this.tenants.updateSettings(principal, tenantId, data);
  }

  @MessagePattern(TENANTS_SET_LOGO.subject)
  setLogo(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string, @Payload('logoUrl') logoUrl: string) {
    return this.tenants.setLogo(principal, tenantId, logoUrl);
  }

  @MessagePattern(TENANTS_LOGIN_STATUS.subject)
  loginStatus(@Payload('tenantId') tenantId: string) {
    return this.tenants.loginStatus(tenantId);
  }
}
