import type {
  ConsumptionDto,
  ConsumptionView,
  CreateQuoteDto,
  DashboardView,
  QuoteCreatorView,
  QuoteDetailView,
  QuoteItemDto,
  QuoteItemView,
  QuoteListFilters,
  QuoteView,
  UpdateQuoteDto,
  UpdateQuoteItemDto,
} from '@quotebook/contracts';
import { api, crudEndpoints, pagedListEndpoint, tenantPath, type ApiTagType } from '../../app/api';

/** What the creation dialog sends: the quote and its products, in one call. */
export type CreateQuoteRequest = Omit<CreateQuoteDto, 'tenantId'>;
export type UpdateQuoteRequest = UpdateQuoteDto;
export type QuoteItemRequest = Omit<QuoteItemDto, 'quoteId'>;
/** What changes of one saved item (`PUT …/items/{itemId}`): the editor sends its quantity. */
export type QuoteItemChange = Pick<UpdateQuoteItemDto, 'quantity'>;
export type ConsumptionRequest = Pick<ConsumptionDto, 'description' | 'quantity' | 'unitValue'>;

/** The list's filters as the query string names them, in the order they are sent. */
export const QUOTE_FILTER_KEYS = ['search', 'status', 'customerId', 'createdBy', 'from', 'to'] as const satisfies readonly (keyof QuoteListFilters)[];

type QuoteRef = { tenantId: string; quoteId: string };

/** A call on one quote: `tenants/{tenantId}/quotes/{quoteId}/…`. */
const quotePath = ({ tenantId, quoteId }: QuoteRef, ...segments: string[]) => tenantPath(tenantId, 'quotes', quoteId, ...segments);

/** Every change to a quote, its items or its consumptions changes the quote, the list and the dashboard. */
const quoteChanged = (_result: unknown, _error: unknown, { quoteId }: QuoteRef) =>
  [
    { type: 'Quote', id: quoteId },
    { type: 'Quote', id: 'LIST' },
    { type: 'Dashboard', id: 'LIST' },
  ] as const satisfies readonly { type: ApiTagType; id: string }[];

/**
 * The quotes of an agency. The list is filtered and paged by the server (its rows carry the customer's
 * name and the confirmed totals: no call per row); one quote comes with its items and consumptions.
 */
export const quotesApi = api.injectEndpoints({
  endpoints: (build) => {
    const crud = crudEndpoints<QuoteDetailView, CreateQuoteRequest, 'quoteId', UpdateQuoteRequest>(build, {
      type: 'Quote',
      path: 'quotes',
      idKey: 'quoteId',
      alsoInvalidates: ['Dashboard'],
    });
    return {
      listQuotes: pagedListEndpoint<QuoteView, QuoteListFilters>(build, { type: 'Quote', path: 'quotes', filterKeys: QUOTE_FILTER_KEYS }),
      /** who created the agency's quotes, for the list's "Creato da" filter */
      listQuoteCreators: build.query<QuoteCreatorView[], string>({
        query: (tenantId) => tenantPath(tenantId, 'quotes', 'creators'),
        providesTags: [{ type: 'Quote', id: 'LIST' }],
      }),
      getQuote: build.query<QuoteDetailView, QuoteRef>({
        query: (ref) => quotePath(ref),
        providesTags: (_result, _error, { quoteId }) => [{ type: 'Quote', id: quoteId }],
      }),
      createQuote: crud.create,
      updateQuote: crud.update,
      deleteQuote: crud.remove,
      replaceQuoteItems: build.mutation<QuoteItemView[], QuoteRef & { items: QuoteItemRequest[]; version?: number }>({
        query: ({ items, version, ...ref }) => ({ url: quotePath(ref, 'items'), method: 'PUT', body: { items, version } }),
        invalidatesTags: quoteChanged,
      }),
      /** one product more on the quote, priced by the server (the advanced editor saves it at once) */
      addQuoteItem: build.mutation<QuoteItemView, QuoteRef & { item: QuoteItemRequest }>({
        query: ({ item, ...ref }) => ({ url: quotePath(ref, 'items'), method: 'POST', body: item }),
        invalidatesTags: quoteChanged,
      }),
      updateQuoteItem: build.mutation<QuoteItemView, QuoteRef & { itemId: string; body: QuoteItemChange }>({
        query: ({ itemId, body, ...ref }) => ({ url: quotePath(ref, 'items', itemId), method: 'PUT', body }),
        invalidatesTags: quoteChanged,
      }),
      deleteQuoteItem: build.mutation<void, QuoteRef & { itemId: string }>({
        query: ({ itemId, ...ref }) => ({ url: quotePath(ref, 'items', itemId), method: 'DELETE' }),
        invalidatesTags: quoteChanged,
      }),
      addConsumption: build.mutation<ConsumptionView, QuoteRef & { body: ConsumptionRequest }>({
        query: ({ body, ...ref }) => ({ url: quotePath(ref, 'consumptions'), method: 'POST', body }),
        invalidatesTags: quoteChanged,
      }),
      deleteConsumption: build.mutation<void, QuoteRef & { consumptionId: string }>({
        query: ({ consumptionId, ...ref }) => ({ url: quotePath(ref, 'consumptions', consumptionId), method: 'DELETE' }),
        invalidatesTags: quoteChanged,
      }),
      getDashboard: build.query<DashboardView, string>({
        query: (tenantId) => tenantPath(tenantId, 'dashboard'),
        providesTags: [{ type: 'Dashboard', id: 'LIST' }],
      }),
    };
  },
});

export const {
  useListQuotesQuery,
  useListQuoteCreatorsQuery,
  useGetQuoteQuery,
  useLazyGetQuoteQuery,
  useCreateQuoteMutation,
  useUpdateQuoteMutation,
  useDeleteQuoteMutation,
  useReplaceQuoteItemsMutation,
  useAddQuoteItemMutation,
  useUpdateQuoteItemMutation,
  useDeleteQuoteItemMutation,
  useAddConsumptionMutation,
  useDeleteConsumptionMutation,
  useGetDashboardQuery,
} = quotesApi;
