import type { InvoiceScheme, InvoiceView } from '@quotebook/contracts';
import { api, tenantPath } from '../../app/api';
import type { DownloadedDocument } from '../documents/documents.api';
import { fileNameFrom } from '../documents/document-files';

interface InvoiceRequest {
  tenantId: string;
  quoteId: string;
}

/** The XML as a local object URL (the store holds no bytes), or the error answer's body. */
async function xmlBody(response: Response): Promise<unknown> {
  if (!response.ok) return response.json().catch(() => ({ statusText: response.statusText }));
  const blob = await response.blob();
  const file: DownloadedDocument = {
    url: blob.size > 0 ? URL.createObjectURL(blob) : null,
    size: blob.size,
    fileName: fileNameFrom(response.headers.get('content-disposition')),
  };
  return file;
}

const invoicePath = ({ tenantId, quoteId }: InvoiceRequest) => tenantPath(tenantId, 'quotes', quoteId, 'invoice');

/** A quote's electronic invoice: issued once (asking again answers the same one), then downloaded. Admins only. */
export const invoicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    generateInvoice: build.mutation<InvoiceView, InvoiceRequest & { scheme: InvoiceScheme }>({
      query: ({ scheme, ...request }) => ({ url: invoicePath(request), method: 'POST', body: { scheme } }),
    }),
    downloadInvoice: build.mutation<DownloadedDocument, InvoiceRequest>({
      query: (request) => ({ url: invoicePath(request), method: 'GET', responseHandler: xmlBody }),
    }),
  }),
});

export const { useGenerateInvoiceMutation, useDownloadInvoiceMutation } = invoicesApi;
