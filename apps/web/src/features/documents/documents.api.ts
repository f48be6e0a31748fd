import { api, tenantPath } from '../../app/api';
import { fileNameFrom } from './document-files';

/** A quote in a layout. */
export interface DocumentRequest {
  tenantId: string;
  quoteId: string;
  layoutId: string;
  /** the document's language; left out, the server writes it in Italian */
  language?: string;
}

export type FileFormat = 'pdf' | 'word';

/** A generated file, kept as a local object URL (the store holds no bytes). */
export interface DownloadedDocument {
  /** null when the file came back empty */
  url: string | null;
  size: number;
  /** as `Content-Disposition` names it, when it does */
  fileName: string | null;
}

/** A PDF waits for its render (the server's own limit is 30 s by default) before it is answered. */
const FILE_TIMEOUT_MS = 90_000;

/** An error answer, with the status text that the download's error names. */
async function errorBody(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a plain-text answer: its words are the message
  }
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : text ? { message: text } : {};
  return { ...fields, statusText: response.statusText };
}

async function previewBody(response: Response): Promise<unknown> {
  return response.ok ? response.text() : errorBody(response);
}

async function fileBody(response: Response): Promise<unknown> {
  if (!response.ok) return errorBody(response);
  const blob = await response.blob();
  const document: DownloadedDocument = {
    url: blob.size > 0 ? URL.createObjectURL(blob) : null,
    size: blob.size,
    fileName: fileNameFrom(response.headers.get('content-disposition')),
  };
  return document;
}

const generatePath = ({ tenantId, quoteId }: DocumentRequest) => tenantPath(tenantId, 'quotes', quoteId, 'generate-document');

/** What generate-document is sent: the layout, the format, and the language when one was chosen. */
const documentBody = ({ layoutId, language }: DocumentRequest, format: 'preview' | FileFormat) => ({ layoutId, format, ...(language ? { language } : {}) });

/** A quote's document: the preview's HTML, or the PDF or Word file. Every user of the agency may ask. */
export const documentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    generatePreview: build.mutation<string, DocumentRequest>({
      query: (request) => ({ url: generatePath(request), method: 'POST', body: documentBody(request, 'preview'), responseHandler: previewBody }),
    }),
    downloadDocument: build.mutation<DownloadedDocument, DocumentRequest & { format: FileFormat }>({
      query: (request) => ({
        url: generatePath(request),
        method: 'POST',
        body: documentBody(request, request.format),
        responseHandler: fileBody,
        timeout: FILE_TIMEOUT_MS,
      }),
    }),
  }),
});

export const { useGeneratePreviewMutation, useDownloadDocumentMutation } = documentsApi;
