import type { QuoteRevisionSummary, QuoteRevisionView, SendQuoteDto, SendQuoteResult } from '@quotebook/contracts';
import { api, tenantPath, type ApiTagType } from '../../app/api';

type QuoteRef = { tenantId: string; quoteId: string };

/** What the send dialog posts: the recipients, the message, the layout and the language. */
export type SendQuoteRequest = Pick<SendQuoteDto, 'to' | 'cc' | 'message' | 'layoutId' | 'language'>;

const quotePath = ({ tenantId, quoteId }: QuoteRef, ...segments: string[]) => tenantPath(tenantId, 'quotes', quoteId, ...segments);

/**
 * A send or a revoke changes the quote (its latest revision, its link), the list's badges and the
 * revision history.
 */
const sendingChanged = (_result: unknown, _error: unknown, { quoteId }: QuoteRef) =>
  [
    { type: 'Quote', id: quoteId },
    { type: 'Quote', id: 'LIST' },
    { type: 'QuoteRevision', id: quoteId },
  ] as const satisfies readonly { type: ApiTagType; id: string }[];

/** Sending a quote to its customer, its public link, and the revisions each send froze. */
export const quoteSendingApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendQuote: build.mutation<SendQuoteResult, QuoteRef & { body: SendQuoteRequest }>({
      query: ({ body, ...ref }) => ({ url: quotePath(ref, 'send'), method: 'POST', body }),
      invalidatesTags: sendingChanged,
    }),
    revokeQuoteLink: build.mutation<void, QuoteRef>({
      query: (ref) => ({ url: quotePath(ref, 'link'), method: 'DELETE' }),
      invalidatesTags: sendingChanged,
    }),
    /** oldest first */
    listQuoteRevisions: build.query<QuoteRevisionSummary[], QuoteRef>({
      query: (ref) => quotePath(ref, 'revisions'),
      providesTags: (_result, _error, { quoteId }) => [{ type: 'QuoteRevision', id: quoteId }],
    }),
    getQuoteRevision: build.query<QuoteRevisionView, QuoteRef & { number: number }>({
      query: ({ number, ...ref }) => quotePath(ref, 'revisions', String(number)),
      // a revision never changes once sent; its views and answer are read from the list
      providesTags: (_result, _error, { quoteId }) => [{ type: 'QuoteRevision', id: quoteId }],
    }),
  }),
});

export const {
  useSendQuoteMutation,
  useRevokeQuoteLinkMutation,
  useListQuoteRevisionsQuery,
  useGetQuoteRevisionQuery,
} = quoteSendingApi;
