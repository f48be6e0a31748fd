import type { ObjectPathView, QuoteLayoutDto, QuoteLayoutView, QuoteTemplateDto, QuoteTemplateView, UploadUrlView } from '@quotebook/contracts';
import { api, crudEndpoints, tenantPath } from '../../app/api';

/** What the template dialog sends. */
export type QuoteTemplateRequest = Omit<QuoteTemplateDto, 'tenantId'>;
/** What the layout dialog sends: the elements in print order, each with its position. */
export type QuoteLayoutRequest = Omit<QuoteLayoutDto, 'tenantId' | 'isActive'>;

/** `/objects/signatures/<tenant>/<file>` → the file's name, or null for anything else. */
export function signatureFileOf(objectPath: string): string | null {
  const match = /^\/objects\/signatures\/[^/]+\/([^/]+)$/.exec(objectPath);
  return match ? match[1] : null;
}

/** A response turned into a local URL of its bytes (an `<img>` cannot send the bearer header itself). */
async function objectUrlOf(response: Response): Promise<unknown> {
  if (!response.ok) return response.text();
  return URL.createObjectURL(await response.blob());
}

/**
 * The agency's description templates and layouts, and the signature images of its templates.
 * Templates are read by the agency's admins only; layouts by every user (the preview chooses one).
 */
export const templatesApi = api.injectEndpoints({
  endpoints: (build) => {
    // a layout names its templates' titles: a template's change shows in the layouts too
    const templates = crudEndpoints<QuoteTemplateView, QuoteTemplateRequest>(build, { type: 'Template', path: 'quote-templates', alsoInvalidates: ['Layout'] });
    const layouts = crudEndpoints<QuoteLayoutView, QuoteLayoutRequest>(build, { type: 'Layout', path: 'quote-layouts' });
    return {
      listTemplates: templates.list,
      createTemplate: templates.create,
      updateTemplate: templates.update,
      deleteTemplate: templates.remove,
      listLayouts: layouts.list,
      createLayout: layouts.create,
      updateLayout: layouts.update,
      deleteLayout: layouts.remove,
      setDefaultLayout: build.mutation<QuoteLayoutView, { tenantId: string; id: string }>({
        query: ({ tenantId, id }) => ({ url: tenantPath(tenantId, 'quote-layouts', id, 'set-default'), method: 'PATCH' }),
        invalidatesTags: [{ type: 'Layout', id: 'LIST' }],
      }),
      /** a single-use URL to PUT a signature image to */
      requestSignatureUpload: build.mutation<UploadUrlView, { tenantId: string }>({
        query: ({ tenantId }) => ({ url: tenantPath(tenantId, 'quote-templates', 'upload'), method: 'POST' }),
      }),
      /** the path a template keeps for the image uploaded to `uploadURL` */
      normalizeSignaturePath: build.mutation<ObjectPathView, { tenantId: string; uploadURL: string }>({
        query: ({ tenantId, uploadURL }) => ({ url: tenantPath(tenantId, 'quote-templates', 'normalize-path'), method: 'POST', body: { uploadURL } }),
      }),
      /** a signature image as a local object URL, released when no one shows it any more */
      getSignatureImage: build.query<string, { tenantId: string; file: string }>({
        query: ({ tenantId, file }) => ({ url: tenantPath(tenantId, 'objects', 'signatures', file), responseHandler: objectUrlOf }),
        async onCacheEntryAdded(_arg, { cacheDataLoaded, cacheEntryRemoved }) {
          const loaded = await cacheDataLoaded.catch(() => null);
          await cacheEntryRemoved;
          if (loaded) URL.revokeObjectURL(loaded.data);
        },
      }),
    };
  },
});

export const {
  useListTemplatesQuery,
  useCreateTemplateMutation,
  useUpdateTemplateMutation,
  useDeleteTemplateMutation,
  useListLayoutsQuery,
  useCreateLayoutMutation,
  useUpdateLayoutMutation,
  useDeleteLayoutMutation,
  useSetDefaultLayoutMutation,
  useRequestSignatureUploadMutation,
  useNormalizeSignaturePathMutation,
  useGetSignatureImageQuery,
} = templatesApi;
