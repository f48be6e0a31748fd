import { Body, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { ListPage, ListPageRequest, Role, RpcPattern } from '@quotebook/contracts';
import { RpcClient } from '@quotebook/server-core';
import { collectPagesAsJson } from './collect-pages';
import type { JsonText } from './json-text';
import { uuidParam } from './params';
import { Roles } from './principal.decorator';
import { CurrentScope, type TenantScope } from './tenant-scope';

type DtoClass<T> = new (...args: never[]) => T;

/** The agency's admin and the platform operator: who may change an agency's resources. */
export const AGENCY_ADMINS: readonly Role[] = ['superadmin', 'tenant_admin'];

export const idParam = uuidParam('id');

/**
 * One tenant-scoped resource: its body and answer classes and the patterns its routes call. The
 * patterns are checked against the classes, so a pattern whose request or response changes fails
 * the build here. A list answers every item at once; `listPages` asks the service page by page.
 */
export type TenantResourceDeclaration<D, V> = {
  body: DtoClass<D>;
  view: DtoClass<V>;
  create: RpcPattern<TenantScope & { data: D }, V>;
  update: RpcPattern<TenantScope & { id: string; data: D }, V>;
  remove: RpcPattern<TenantScope & { id: string }, unknown>;
  /** who may create, update and remove; everyone of the agency may list (default: AGENCY_ADMINS) */
  writers?: readonly Role[];
  /** what the list answers, for the API document */
  listSummary?: string;
} & ({ list: RpcPattern<TenantScope, V[]> } | { listPages: RpcPattern<TenantScope & ListPageRequest, ListPage<V>> });

/**
 * The base of a tenant-scoped resource's controller, under `tenants/:tenantId/<resource>`: list
 * (200), create (201), update `:id` (200) and remove `:id` (204), with the role rule, the body's
 * validation and the OpenAPI description of each. The controller adds only its special routes.
 */
export function TenantResource<D extends object, V extends object>(
  resource: TenantResourceDeclaration<NoInfer<D>, NoInfer<V>> & { body: DtoClass<D>; view: DtoClass<V> },
) {
  const { body, view } = resource;
  const writers = Roles(...(resource.writers ?? AGENCY_ADMINS));

  @ApiBearerAuth()
  class TenantResourceRoutes {
    constructor(protected readonly rpc: RpcClient) {}

    @Get()
    @ApiOperation({ summary: resource.listSummary })
    @ApiOkResponse({ type: view, isArray: true })
    list(@CurrentScope() scope: TenantScope): Promise<V[] | JsonText<V[]>> {
      // a paged list's items go out as the service wrote them, never parsed and written again
      if ('listPages' in resource) return collectPagesAsJson((page) => this.rpc.sendListPage(resource.listPages, { ...scope, ...page }));
      return this.rpc.send(resource.list, scope);
    }

    @Post()
    @writers
    @ApiBody({ type: body })
    @ApiCreatedResponse({ type: view })
    create(@CurrentScope() scope: TenantScope, @Body() data: D): Promise<V> {
      return this.rpc.send(resource.create, { ...scope, data });
    }

    @Put(':id')
    @writers
    @ApiBody({ type: body })
    @ApiOkResponse({ type: view })
    update(@CurrentScope() scope: TenantScope, @Param('id', idParam) id: string, @Body() data: D): Promise<V> {
      return this.rpc.send(resource.update, { ...scope, id, data });
    }

    @Delete(':id')
    @writers
    @HttpCode(204)
    @ApiNoContentResponse()
    async remove(@CurrentScope() scope: TenantScope, @Param('id', idParam) id: string): Promise<void> {
      await this.rpc.send(resource.remove, { ...scope, id });
    }
  }
  // the body's class for the validation pipe and the document (a type parameter is emitted as Object)
  Reflect.defineMetadata('design:paramtypes', [Object, body], TenantResourceRoutes.prototype, 'create');
  Reflect.defineMetadata('design:paramtypes', [Object, String, body], TenantResourceRoutes.prototype, 'update');
  return TenantResourceRoutes;
}
