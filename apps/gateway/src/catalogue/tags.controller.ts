import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Param, PipeTransform, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  TAG_TARGET_TYPES,
  TAGS_CREATE,
  TAGS_DELETE,
  TAGS_LIST,
  TAGS_UPDATE,
  TagDto,
  TagTargetType,
  TagView,
} from '@quotebook/contracts';
import { RpcClient } from '@quotebook/server-core';
import { AuthenticatedPrincipal, CurrentPrincipal } from '../common/principal.decorator';
import { CatalogueAdminOnly, catalogueScope, idParam, tenantIdParam } from './catalogue-routes';

/** The spec's client asks for `tags/Product` and `tags/customer`: the type in the path ignores case. */
export class TagTargetTypePipe implements PipeTransform<string, TagTargetType> {
  transform(value: string): TagTargetType {
    const targetType = value.trim().toLowerCase();
    if (!(TAG_TARGET_TYPES as readonly string[]).includes(targetType)) {
      throw new BadRequestException(`targetType must be one of: ${TAG_TARGET_TYPES.join(', ')}`);
    }
    return targetType as TagTargetType;
  }
}

@ApiTags('tags')
@ApiBearerAuth()
@Controller('tenants/:tenantId/tags')
export class TagsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  list(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
  ): Promise<TagView[]> {
    return this.rpc.send(TAGS_LIST, catalogueScope(principal, tenantId));
  }

  @Get(':targetType')
  @ApiParam({ name: 'targetType', enum: TAG_TARGET_TYPES, description: 'product or customer, in any case' })
  listByType(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('targetType', TagTargetTypePipe) targetType: TagTargetType,
  ): Promise<TagView[]> {
    return this.rpc.send(TAGS_LIST, { ...catalogueScope(principal, tenantId), targetType });
  }

  @Post()
  @CatalogueAdminOnly()
  create(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Body() data: TagDto,
  ): Promise<TagView> {
    return this.rpc.send(TAGS_CREATE, { ...catalogueScope(principal, tenantId), data });
  }

  @Put(':id')
  @CatalogueAdminOnly()
  update(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
    @Body() data: TagDto,
  ): Promise<TagView> {
    return this.rpc.send(TAGS_UPDATE, { ...catalogueScope(principal, tenantId), id, data });
  }

  @Delete(':id')
  @CatalogueAdminOnly()
  @HttpCode(204)
  async remove(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
  ): Promise<void> {
    await this.rpc.send(TAGS_DELETE, { ...catalogueScope(principal, tenantId), id });
  }
}
