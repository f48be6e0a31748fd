import type { EndpointBuilder } from '@reduxjs/toolkit/query';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { bodyText, formatHttpError, serverMessageOf, type ApiError } from '../shared/http-errors';
import { reloadPage } from './page-reload';
import { sessionCleared, type SessionRootState } from './session';

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please login again.';

/** Calls that go out without the bearer header: only the public lookup of an agency by its keyword. */
const PUBLIC_ENDPOINTS: ReadonlySet<string> = new Set(['getTenantByKeyword']);

/**
 * Calls whose 401/403 is an answer, not an expired session: a refused login (bad password, disabled
 * agency), and logout, which clears the session itself whatever the server says.
 */
const SESSION_CHECK_EXEMPT: ReadonlySet<string> = new Set(['login', 'logout']);

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

const fetchFromGateway = fetchBaseQuery({
  // absolute, so requests are valid outside a browser page too (tests run on Node's fetch)
  baseUrl: `${window.location.origin}/api`,
  timeout: 30_000,
  responseHandler: readBody,
  prepareHeaders: (headers, { getState, endpoint }) => {
    if (PUBLIC_ENDPOINTS.has(endpoint) || headers.has('authorization')) return headers;
    const token = (getState() as SessionRootState).session.token;
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

export function toApiError(error: FetchBaseQueryError, response?: Response): ApiError {
  if (typeof error.status === 'number') {
    return {
      status: error.status,
      message: formatHttpError(error.status, bodyText(error.data), response?.statusText ?? ''),
      serverMessage: serverMessageOf(error.data),
      data: error.data,
    };
  }
  const detail = 'error' in error ? error.error : 'Request failed';
  return { status: error.status, message: detail, data: 'data' in error ? error.data : undefined };
}

/**
 * fetchBaseQuery plus the session rule: a 401 or 403 on an authenticated call means the
 * session is gone, so it is cleared and the page reloads onto a login screen.
 */
export const gatewayBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, object, FetchBaseQueryMeta> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await fetchFromGateway(args, api, extraOptions);
  if (!result.error) return { data: result.data, meta: result.meta };

  const status = result.error.status;
  const hadSession = Boolean((api.getState() as SessionRootState).session.token);
  if ((status === 401 || status === 403) && hadSession && !SESSION_CHECK_EXEMPT.has(api.endpoint)) {
    console.warn(SESSION_EXPIRED_MESSAGE);
    api.dispatch(sessionCleared());
    reloadPage();
    return { error: { status, message: SESSION_EXPIRED_MESSAGE, data: result.error.data }, meta: result.meta };
  }
  return { error: toApiError(result.error, result.meta?.response), meta: result.meta };
};

/** `tenants/{tenantId}/…` with every segment encoded: the path of all data belonging to one agency. */
export function tenantPath(tenantId: string, ...segments: string[]): string {
  return ['tenants', tenantId, ...segments].map(encodeURIComponent).join('/');
}

const TAG_TYPES = ['Tenant', 'TenantAdmin', 'VatRate', 'Tag', 'PriceList', 'Product', 'Customer', 'User', 'Quote', 'Dashboard', 'Template', 'Layout', 'QuoteRevision', 'Notification', 'Webhook'] as const;
export type ApiTagType = (typeof TAG_TYPES)[number];

/** The one API slice; features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: gatewayBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

type Builder = EndpointBuilder<typeof gatewayBaseQuery, ApiTagType, 'api'>;

interface CrudOptions<K extends string> {
  /** the cache tag of the resource: its list is `{ type, id: 'LIST' }` */
  type: ApiTagType;
  /** the collection under the agency: `tenants/{tenantId}/{path}` */
  path: string;
  /** the name of the record's id in the call's argument (`id` unless the resource's other calls say otherwise) */
  idKey?: K;
  /** writes addressed outside the agency's path (`users`, `users/{id}`); the create body names the agency */
  writePath?: string;
  /** other lists a delete changes (links to the deleted record) */
  deleteAlsoInvalidates?: readonly ApiTagType[];
  /** other lists (or figures) every write changes, e.g. the dashboard's counts */
  alsoInvalidates?: readonly ApiTagType[];
}

type ItemArg<K extends string> = { tenantId: string } & { [P in K]: string };

/** The whole-list tag of each type: what a list provides and a write invalidates. */
const listTags = (types: readonly ApiTagType[]) => types.map((type) => ({ type, id: 'LIST' }) as const);

/**
 * List, create, update and delete of one tenant-scoped resource, declared once: the list provides
 * `{ type, id: 'LIST' }` and every write invalidates it (an update or delete also the record's own
 * `{ type, id }`, for a resource that reads single records). The create body carries the agency id, as
 * the gateway checks it against the path. `UpdateBody` is the create body unless told.
 *
 * Usage: api.injectEndpoints({ endpoints: (build) => {
 *   const crud = crudEndpoints<TagView, TagRequest>(build, { type: 'Tag', path: 'tags' });
 *   return { listTags: crud.list, createTag: crud.create, updateTag: crud.update, deleteTag: crud.remove };
 * } });
 */
export function crudEndpoints<View, Body, K extends string = 'id', UpdateBody = Body>(build: Builder, options: CrudOptions<K>) {
  const list = [{ type: options.type, id: 'LIST' }] as const;
  const writes = [...list, ...listTags(options.alsoInvalidates ?? [])];
  const idKey = (options.idKey ?? 'id') as K;
  const collection = (tenantId: string) => (options.writePath ? encodeURIComponent(options.writePath) : tenantPath(tenantId, options.path));
  const item = (arg: ItemArg<K>) => `${collection(arg.tenantId)}/${encodeURIComponent(arg[idKey])}`;
  const record = (arg: ItemArg<K>) => ({ type: options.type, id: arg[idKey] });
  return {
    list: build.query<View[], string>({
      query: (tenantId) => tenantPath(tenantId, options.path),
      providesTags: list,
    }),
    create: build.mutation<View, { tenantId: string; body: Body }>({
      query: ({ tenantId, body }) => ({ url: collection(tenantId), method: 'POST', body: { ...body, tenantId } }),
      invalidatesTags: writes,
    }),
    update: build.mutation<View, ItemArg<K> & { body: UpdateBody }>({
      query: (arg) => ({ url: item(arg), method: 'PUT', body: arg.body }),
      invalidatesTags: (_result, _error, arg) => [...writes, record(arg)],
    }),
    remove: build.mutation<void, ItemArg<K>>({
      query: (arg) => ({ url: item(arg), method: 'DELETE' }),
      invalidatesTags: (_result, _error, arg) => [...writes, record(arg), ...listTags(options.deleteAlsoInvalidates ?? [])],
    }),
  };
}

/** One page of a list the server pages: its rows and how many match in all (`X-Total-Count`). */
export interface ListPageOf<View> {
  items: View[];
  total: number;
}

/** Where a page starts and how long it is. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * A list filtered and paged by the server: `GET tenants/{tenantId}/{path}?<filters>&limit&offset`,
 * answered with the page's rows and the `X-Total-Count` header. Empty filters are left out of the
 * query; the parameters keep the order of `filterKeys`, then limit and offset.
 */
export function pagedListEndpoint<View, Filters extends object>(
  build: Builder,
  options: { type: ApiTagType; path: string; filterKeys: readonly (keyof Filters & string)[] },
) {
  return build.query<ListPageOf<View>, { tenantId: string; filters: Filters; page: PageWindow }>({
    query: ({ tenantId, filters, page }) => {
      const params = new URLSearchParams();
      for (const key of options.filterKeys) {
        const value = filters[key];
        if (value !== undefined && value !== null && String(value) !== '') params.set(key, String(value));
      }
      params.set('limit', String(page.limit));
      params.set('offset', String(page.offset));
      return `${tenantPath(tenantId, options.path)}?${params}`;
    },
    transformResponse: (items: View[], meta) => {
      const total = Number(meta?.response?.headers.get('X-Total-Count'));
      return { items, total: Number.isFinite(total) && meta?.response?.headers.has('X-Total-Count') ? total : items.length };
    },
    providesTags: [{ type: options.type, id: 'LIST' }],
  });
}
