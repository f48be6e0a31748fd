import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Req,
} from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  CreateTenantDto, KEYWORD_MAX_LENGTH, KEYWORD_PATTERN, TENANTS_BY_KEYWORD, TENANTS_CREATE, TENANTS_DELETE,
  TENANTS_GET, TENANTS_GET_ADMIN, TENANTS_LIST, TENANTS_SET_LOGO, TENANTS_UPDATE, TENANTS_UPDATE_SETTINGS,
  TenantAdminView, TenantPublicView, TenantSettingsDto, TenantView, UpdateTenantDto,
} from '@quotebook/contracts';
import { RpcClient } from '@quotebook/server-core';
import { collectPages } from '../common/collect-pages';
import { AuthenticatedPrincipal, CurrentPrincipal, Public, Roles, toPrincipal } from '../common/principal.decorator';
import { AGENCY_ADMINS } from '../common/tenant-resource';
import { CurrentScope, type TenantScope } from '../common/tenant-scope';
import type { FastifyRequest } from 'fastify';
import { LogoStorageService } from './logo-storage.service';
import { readLogoUpload } from './logo-upload';

@ApiTags('tenants')
@ApiBearerAuth()
@Controller('tenants')
export class TenantsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly logos: LogoStorageService,
  ) {}

  @Get()
  @Roles('superadmin')
  list(@CurrentPrincipal() principal: AuthenticatedPrincipal): Promise<TenantView[]> {
    return collectPages((page) => this.rpc.send(TENANTS_LIST, { principal: toPrincipal(principal), ...page }));
  }

  @Post()
  @Roles('superadmin')
  create(@CurrentPrincipal() principal: AuthenticatedPrincipal, @Body() data: CreateTenantDto): Promise<TenantView> {
    return this.rpc.send(TENANTS_CREATE, { principal: toPrincipal(principal), data });
  }

  @Public()
  @Get('by-keyword/:keyword')
  @ApiParam({
    name: 'keyword',
    description: 'the agency keyword; case and surrounding spaces are ignored',
    schema: { type: 'string', pattern: KEYWORD_PATTERN.source, maxLength: KEYWORD_MAX_LENGTH },
  })
  byKeyword(@Param('keyword') keyword: string): Promise<TenantPublicView> {
    return this.rpc.send(TENANTS_BY_KEYWORD, { keyword: keyword.trim().toLowerCase() });
  }

  @Get(':tenantId')
  get(@CurrentScope() scope: TenantScope): Promise<TenantView> {
    return this.rpc.send(TENANTS_GET, scope);
  }

  @Get(':tenantId/admin')
  @Roles('superadmin')
  admin(@CurrentScope() scope: TenantScope): Promise<TenantAdminView> {
    return this.rpc.send(TENANTS_GET_ADMIN, scope);
  }

  @Put(':tenantId')
  @Roles('superadmin')
  update(@CurrentScope() scope: TenantScope, @Body() data: UpdateTenantDto): Promise<TenantView> {
    return this.rpc.send(TENANTS_UPDATE, { ...scope, data });
  }

  @Delete(':tenantId')
  @Roles('superadmin')
  @HttpCode(204)
  async remove(@CurrentScope() scope: TenantScope): Promise<void> {
    const { logoUrl } = await this.rpc.send(TENANTS_GET, scope);
    await this.rpc.send(TENANTS_DELETE, scope);
    // the agency is gone: its files go too, so none of them is served any more
    await this.logos.removeTenantFiles(scope.tenantId, logoUrl);
  }

  @Patch(':tenantId/settings')
  @Roles(...AGENCY_ADMINS)
  updateSettings(@CurrentScope() scope: TenantScope, @Body() data: TenantSettingsDto): Promise<TenantView> {
    return this.rpc.send(TENANTS_UPDATE_SETTINGS, { ...scope, data });
  }

  @Post(':tenantId/logo')
  @HttpCode(200)
  @Roles(...AGENCY_ADMINS)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { logo: { type: 'string', format: 'binary' } } } })
  async uploadLogo(@CurrentScope() scope: TenantScope, @Req() request: FastifyRequest): Promise<TenantView> {
    const file = await readLogoUpload(request);
    // refused (403/404) before anything is written; tells which file the new logo replaces
    const previous = await this.rpc.send(TENANTS_GET, scope);
    const stored = await this.logos.store(scope.tenantId, file);
    let saved: TenantView;
    try {
      saved = await this.rpc.send(TENANTS_SET_LOGO, { ...scope, logoUrl: stored.logoUrl });
    } catch (error) {
      await this.logos.discard(stored.path);
      throw error;
    }
    // only once the new URL is saved, so the agency never points at a deleted file
    if (previous.logoUrl !== saved.logoUrl) await this.logos.removeByUrl(previous.logoUrl);
    return saved;
  }
}
