import type { TagView } from '@quotebook/contracts';
import { api, crudEndpoints } from '../../app/api';

export type TagRequest = Pick<TagView, 'name' | 'targetType' | 'description'>;

/**
 * One list of all the agency's tags, filtered on the page: the products and customers pages read the
 * same cached answer instead of asking for their type again.
 */
export const tagsApi = api.injectEndpoints({
  endpoints: (build) => {
    // the server drops a deleted tag's links too: the lists that show tag ids must be read again
    const crud = crudEndpoints<TagView, TagRequest>(build, { type: 'Tag', path: 'tags', deleteAlsoInvalidates: ['Product', 'Customer'] });
    return { listTags: crud.list, createTag: crud.create, updateTag: crud.update, deleteTag: crud.remove };
  },
});

export const { useListTagsQuery, useCreateTagMutation, useUpdateTagMutation, useDeleteTagMutation } = tagsApi;
