import { Body, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { ListPage, ListPageRequest, Role, RpcPattern } from '@quotebook/contracts';
import { type JsonBytes, RpcClient } from '@quotebook/server-core';
import type { FastifyReply as Response } from 'fastify';
import { collectCountedPagesAsJson, collectPagesAsJson, type PageWindow } from './collect-pages';
import { JsonText } from './json-text';
import { uuidParam } from './params';
import { Roles } from './principal.decorator';
import { CurrentScope, type TenantScope } from './tenant-scope';

type DtoClass<T> = new (...args: never[]) => T;

/** The agency's admin and the platform operator: who may change an agency's resources. */
export const AGENCY_ADMINS: readonly Role[] = ['superadmin', 'tenant_admin'];
/** Everyone of the agency, and the platform operator. */
export const AGENCY_MEMBERS: readonly Role[] = ['superadmin', 'tenant_admin', 'tenant_user'];

export const idParam = uuidParam('id');

/** The answer header of a filtered list: how many records match, whatever part of them the answer holds. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** The part of a list a client asks for: `limit` records from `offset`; every match when both are left out. */
export interface ListWindowQuery {
  limit?: number;
  offset?: number;
}

/**
 * What a filtered list sends its service for each page: the query's filters, the client's window, and
 * the page (cursor: where it starts, until: where it must end; the window's bounds on its first and last).
 */
export type FilteredListRequest<Q extends ListWindowQuery> = TenantScope &
  ListPageRequest & { filters: Omit<Q, keyof ListWindowQuery>; offset?: number; limit?: number };

/** A page of a filtered list: its first page says how many records match. */
export type CountedListPage<L> = ListPage<L> & { total?: number };

/**
 * How the list route reads: every item at once (`list`), page by page over the bus (`listPages`), or
 * page by page with filters and a window from the query string (`listQuery` with `listPages`).
 */
type ListDeclaration<L, Q extends ListWindowQuery> =
  | { list: RpcPattern<TenantScope, L[]>; listPages?: never; listQuery?: never }
  | { listPages: RpcPattern<TenantScope & ListPageRequest, ListPage<L>>; list?: never; listQuery?: never }
  | { listQuery: DtoClass<Q>; listPages: RpcPattern<FilteredListRequest<Q>, CountedListPage<L>>; list?: never };

/**
 * One tenant-scoped resource: its body and answer classes and the patterns its routes call. The
 * patterns are checked against the classes, so a pattern whose request or response changes fails
 * the build here. A list answers every item at once; `listPages` asks the service page by page.
 */
export type TenantResourceDeclaration<D, V, U = D, L = V, Q extends ListWindowQuery = ListWindowQuery> = {
  /** what create takes (and update too, unless `updateBody` says otherwise) */
  body: DtoClass<D>;
  /** what create, update and read answer (and the list's items, unless `listView` says otherwise) */
  view: DtoClass<V>;
  /** what update takes, when it differs from create (a partial change) */
  updateBody?: DtoClass<U>;
  /** what the list's items are, when they differ from `view` (a summary of each) */
  listView?: DtoClass<L>;
  /** the path parameter naming one record (default `id`): `:quoteId` is `{quoteId}` in the API document */
  idName?: string;
  create: RpcPattern<TenantScope & { data: D }, V>;
  update: RpcPattern<TenantScope & { id: string; data: U }, V>;
  remove: RpcPattern<TenantScope & { id: string }, unknown>;
  /** reads one record (GET `:id`) */
  get?: RpcPattern<TenantScope & { id: string }, V>;
  /** who may create, update and remove; everyone of the agency may list and read (default: AGENCY_ADMINS) */
  writers?: readonly Role[];
  /** who may list and read, when not everyone of the agency may */
  readers?: readonly Role[];
  /** what the list answers, for the API document */
  listSummary?: string;
} & ListDeclaration<L, Q>;

/** A service's answer as it wrote it, sent on as it is. */
const asJsonText = <T>(bytes: JsonBytes<T>): JsonText<T> => new JsonText<T>([bytes]);

/** A route put on only when the declaration asks for it. */
function routeIf(wanted: boolean, decorator: MethodDecorator): MethodDecorator {
  return (target, key, descriptor) => (wanted ? decorator(target, key, descriptor) : undefined);
}

/** An argument read only when the declaration asks for it. */
function argumentIf(wanted: boolean, decorator: ParameterDecorator): ParameterDecorator {
  return (target, key, index) => (wanted ? decorator(target, key, index) : undefined);
}

/** The window of the list a client asked for: from its offset, and `limit` records at most. */
function windowOf({ offset = 0, limit }: ListWindowQuery): PageWindow {
  return limit === undefined ? { start: offset } : { start: offset, end: offset + limit };
}

/**
 * The base of a tenant-scoped resource's controller, under `tenants/:tenantId/<resource>`: list
 * (200), create (201), update `:id` (200), remove `:id` (204) and, when declared, read `:id` (200),
 * with the role rule, the body's and the query's validation and the OpenAPI description of each. A
 * list with a query answers the number of matches in X-Total-Count. The controller adds only its
 * special routes.
 */
export function TenantResource<
  D extends object,
  V extends object,
  U extends object = D,
  L extends object = V,
  Q extends ListWindowQuery = ListWindowQuery,
>(
  resource: TenantResourceDeclaration<NoInfer<D>, NoInfer<V>, NoInfer<U>, NoInfer<L>, NoInfer<Q>> & {
    body: DtoClass<D>;
    view: DtoClass<V>;
    updateBody?: DtoClass<U>;
    listView?: DtoClass<L>;
    listQuery?: DtoClass<Q>;
  },
) {
  const { body, view } = resource;
  const updateBody = resource.updateBody ?? body;
  const listView = resource.listView ?? view;
  const listQuery = resource.listQuery;
  const counted = listQuery !== undefined;
  const idName = resource.idName ?? 'id';
  const recordId = resource.idName === undefined ? idParam : uuidParam(idName);
  const writers = Roles(...(resource.writers ?? AGENCY_ADMINS));
  const readers: MethodDecorator = resource.readers ? Roles(...resource.readers) : () => undefined;
  const countHeader = { [TOTAL_COUNT_HEADER]: { description: 'how many records match the filters', schema: { type: 'integer' } } };

  @ApiBearerAuth()
  class TenantResourceRoutes {
    constructor(protected readonly rpc: RpcClient) {}

    @Get()
    @readers
    @ApiOperation({ summary: resource.listSummary })
    @ApiOkResponse({ type: listView, isArray: true, ...(counted ? { headers: countHeader } : {}) })
    list(
      @CurrentScope() scope: TenantScope,
      @argumentIf(counted, Query()) query?: Q,
      @argumentIf(counted, Res({ passthrough: true })) response?: Response,
    ): Promise<L[] | JsonText<L[]>> {
      // the service's answer as it wrote it (not an async method: its answer would wait more turns of the queue)
      if ('list' in resource && resource.list) return this.rpc.sendAsJson(resource.list, scope).then(asJsonText);
      return this.listInPages(scope, query, response);
    }

    /** A list read page by page: its items go out as the service wrote them, never parsed and written again. */
    protected async listInPages(scope: TenantScope, query?: Q, response?: Response): Promise<JsonText<L[]>> {
      if ('listQuery' in resource && resource.listQuery) {
        const pattern = resource.listPages;
        const { limit, offset, ...filters } = query ?? ({} as Q);
        const { items, total } = await collectCountedPagesAsJson(
          (page) => this.rpc.sendListPage(pattern, { ...scope, ...page, filters, offset, limit }),
          windowOf({ offset, limit }),
        );
        if (total !== undefined) response?.header(TOTAL_COUNT_HEADER, String(total));
        return items;
      }
      const pattern = resource.listPages;
      // only called when the resource lists page by page
      if (!pattern) throw new Error('this resource lists in one call');
      return collectPagesAsJson((page) => this.rpc.sendListPage(pattern, { ...scope, ...page }));
    }

    @routeIf(resource.get !== undefined, Get(`:${idName}`))
    @readers
    @ApiOkResponse({ type: view })
    read(@CurrentScope() scope: TenantScope, @Param(idName, recordId) id: string): Promise<V | JsonText<V>> {
      const pattern = resource.get;
      // only routed when declared
      if (!pattern) throw new Error('this resource has no read route');
      return this.rpc.sendAsJson(pattern, { ...scope, id }).then(asJsonText);
    }

    @Post()
    @writers
    @ApiBody({ type: body })
    @ApiCreatedResponse({ type: view })
    create(@CurrentScope() scope: TenantScope, @Body() data: D): Promise<V> {
      return this.rpc.send(resource.create, { ...scope, data });
    }

    @Put(`:${idName}`)
    @writers
    @ApiBody({ type: updateBody })
    @ApiOkResponse({ type: view })
    update(@CurrentScope() scope: TenantScope, @Param(idName, recordId) id: string, @Body() data: U): Promise<V> {
      return this.rpc.send(resource.update, { ...scope, id, data });
    }

    @Delete(`:${idName}`)
    @writers
    @HttpCode(204)
    @ApiNoContentResponse()
    async remove(@CurrentScope() scope: TenantScope, @Param(idName, recordId) id: string): Promise<void> {
      await this.rpc.send(resource.remove, { ...scope, id });
    }
  }
  // the classes for the validation pipe and the document (a type parameter is emitted as Object)
  const prototype = TenantResourceRoutes.prototype;
  if (listQuery) Reflect.defineMetadata('design:paramtypes', [Object, listQuery, Object], prototype, 'list');
  Reflect.defineMetadata('design:paramtypes', [Object, body], prototype, 'create');
  Reflect.defineMetadata('design:paramtypes', [Object, String, updateBody], prototype, 'update');
  return TenantResourceRoutes;
}
