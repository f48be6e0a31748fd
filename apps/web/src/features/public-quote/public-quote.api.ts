import type { AcceptQuoteDto, DeclineQuoteDto, PublicQuoteView, QuoteAnswer } from '@quotebook/contracts';
import { fetchBaseQuery, type BaseQueryApi, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { api, toApiError } from '../../app/api';
import type { ApiError } from '../../shared/http-errors';

/**
 * The customer's calls go out as a stranger's: no bearer header (even in a browser where an agent is
 * signed in) and none of the session rule, since a 401 or 403 here says nothing of an agency session.
 */
const fetchAsCustomer = fetchBaseQuery({ baseUrl: `${window.location.origin}/api`, timeout: 30_000, responseHandler: 'content-type' });

async function customerCall<T>(args: FetchArgs, queryApi: BaseQueryApi): Promise<{ data: T } | { error: ApiError }> {
  const result = await fetchAsCustomer(args, queryApi, {});
  if (result.error) return { error: toApiError(result.error, result.meta?.response) };
  return { data: result.data as T };
}

const publicPath = (token: string, ...segments: string[]) => ['public', 'quotes', token, ...segments].map(encodeURIComponent).join('/');

/** Where the customer downloads the PDF of the revision the page shows. */
export const publicPdfUrl = (token: string) => `/api/${publicPath(token, 'pdf')}`;

export type AcceptRequest = Pick<AcceptQuoteDto, 'signerName' | 'consent' | 'signature' | 'revision' | 'optionalItemIds'>;
export type DeclineRequest = Pick<DeclineQuoteDto, 'reason' | 'revision'>;

/**
 * A quote as its customer reads it through the link, and the customer's answer. The read is not kept
 * with the agency's data: nothing here invalidates or is invalidated by the signed-in app.
 */
export const publicQuoteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicQuote: build.query<PublicQuoteView, string>({
      queryFn: (token, queryApi) => customerCall<PublicQuoteView>({ url: publicPath(token) }, queryApi),
    }),
    acceptPublicQuote: build.mutation<QuoteAnswer, { token: string; body: AcceptRequest }>({
      queryFn: ({ token, body }, queryApi) => customerCall<QuoteAnswer>({ url: publicPath(token, 'accept'), method: 'POST', body }, queryApi),
    }),
    declinePublicQuote: build.mutation<QuoteAnswer, { token: string; body: DeclineRequest }>({
      queryFn: ({ token, body }, queryApi) => customerCall<QuoteAnswer>({ url: publicPath(token, 'decline'), method: 'POST', body }, queryApi),
    }),
  }),
});

export const { useGetPublicQuoteQuery, useAcceptPublicQuoteMutation, useDeclinePublicQuoteMutation } = publicQuoteApi;
