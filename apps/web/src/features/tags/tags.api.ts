import type { TagTargetType, TagView } from '@quotebook/contracts';
import { api, tenantPath } from '../../app/api';

export interface TagRequest {
  name: string;
  targetType: TagTargetType;
  description: string | null;
}

const TAG_LIST = { type: 'Tag', id: 'LIST' } as const;

/**
 * One list of all the agency's tags, filtered on the page: the products and customers pages read the
 * same cached answer instead of asking for their type again.
 */
export const tagsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTags: build.query<TagView[], string>({
      query: (tenantId) => tenantPath(tenantId, 'tags'),
      providesTags: [TAG_LIST],
    }),
    createTag: build.mutation<TagView, { tenantId: string; body: TagRequest }>({
      query: ({ tenantId, body }) => ({ url: tenantPath(tenantId, 'tags'), method: 'POST', body: { ...body, tenantId } }),
      invalidatesTags: [TAG_LIST],
    }),
    updateTag: build.mutation<TagView, { tenantId: string; id: string; body: TagRequest }>({
      query: ({ tenantId, id, body }) => ({ url: tenantPath(tenantId, 'tags', id), method: 'PUT', body }),
      invalidatesTags: [TAG_LIST],
    }),
    deleteTag: build.mutation<void, { tenantId: string; id: string }>({
      query: ({ tenantId, id }) => ({ url: tenantPath(tenantId, 'tags', id), method: 'DELETE' }),
      // the server drops the tag's links too: the lists that show tag ids must be read again
      invalidatesTags: [TAG_LIST, { type: 'Product', id: 'LIST' }, { type: 'Customer', id: 'LIST' }],
    }),
  }),
});

export const { useListTagsQuery, useCreateTagMutation, useUpdateTagMutation, useDeleteTagMutation } = tagsApi;
