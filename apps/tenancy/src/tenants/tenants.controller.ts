import { Controller } from '@nestjs/common';
import {
  CreateTenantDto, RpcRequest, TENANTS_BY_KEYWORD, TENANTS_CREATE, TENANTS_DELETE, TENANTS_GET, TENANTS_GET_ADMIN, TENANTS_LIST,
  TENANTS_LOGIN_STATUS, TENANTS_SET_LOGO, TENANTS_UPDATE, TENANTS_UPDATE_SETTINGS, TenantSettingsDto, UpdateTenantDto,
} from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { TenantsService } from './tenants.service';

@Controller()
export class TenantsController {
  constructor(private readonly tenants: TenantsService) {}

  @Handles(TENANTS_LIST)
  list({ principal, cursor }: RpcRequest<typeof TENANTS_LIST>) {
    return this.tenants.list(principal, cursor);
  }

  @Handles(TENANTS_GET)
  get({ principal, tenantId }: RpcRequest<typeof TENANTS_GET>) {
    return this.tenants.get(principal, tenantId);
  }

  @Handles(TENANTS_CREATE, { data: CreateTenantDto })
  create({ principal, data }: RpcRequest<typeof TENANTS_CREATE>) {
    return this.tenants.create(principal, data);
  }

  @Handles(TENANTS_UPDATE, { data: UpdateTenantDto })
  update({ principal, tenantId, data }: RpcRequest<typeof TENANTS_UPDATE>) {
    return this.tenants.update(principal, tenantId, data);
  }

  @Handles(TENANTS_DELETE)
  delete({ principal, tenantId }: RpcRequest<typeof TENANTS_DELETE>) {
    return this.tenants.delete(principal, tenantId);
  }

  @Handles(TENANTS_GET_ADMIN)
  getAdmin({ principal, tenantId }: RpcRequest<typeof TENANTS_GET_ADMIN>) {
    return this.tenants.getAdmin(principal, tenantId);
  }

  @Handles(TENANTS_BY_KEYWORD)
  byKeyword({ keyword }: RpcRequest<typeof TENANTS_BY_KEYWORD>) {
    return this.tenants.findByKeyword(keyword);
  }

  @Handles(TENANTS_UPDATE_SETTINGS, { data: TenantSettingsDto })
  updateSettings({ principal, tenantId, data }: RpcRequest<typeof TENANTS_UPDATE_SETTINGS>) {
    return this.tenants.updateSettings(principal, tenantId, data);
  }

  @Handles(TENANTS_SET_LOGO)
  setLogo({ principal, tenantId, logoUrl }: RpcRequest<typeof TENANTS_SET_LOGO>) {
    return this.tenants.setLogo(principal, tenantId, logoUrl);
  }

  @Handles(TENANTS_LOGIN_STATUS)
  loginStatus({ tenantId }: RpcRequest<typeof TENANTS_LOGIN_STATUS>) {
    return this.tenants.loginStatus(tenantId);
  }
}
