import type { CsvImportReport } from '@quotebook/contracts';
import { api, tenantPath } from '../../app/api';
import { fileNameFrom } from '../documents/document-files';

/** What a file holds: the agency's products or its customers. */
export type CsvKind = 'products' | 'customers';

/** An exported file, kept as a local object URL until it is saved. */
export interface ExportedFile {
  url: string;
  fileName: string;
}

async function exportedFile(response: Response): Promise<unknown> {
  if (!response.ok) {
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch {
      return { message: text };
    }
  }
  const file: ExportedFile = {
    url: URL.createObjectURL(await response.blob()),
    fileName: fileNameFrom(response.headers.get('content-disposition')) ?? 'export.csv',
  };
  return file;
}

const LIST_OF = { products: 'Product', customers: 'Customer' } as const;

/**
 * Export and import of the catalogue's CSV files. Nothing is asked for while the page loads: the export
 * when its button is pressed, the import's check and write from its dialog.
 */
export const catalogueCsvApi = api.injectEndpoints({
  endpoints: (build) => ({
    exportCsv: build.mutation<ExportedFile, { tenantId: string; kind: CsvKind }>({
      query: ({ tenantId, kind }) => ({ url: tenantPath(tenantId, kind, 'export'), responseHandler: exportedFile }),
    }),
    importCsv: build.mutation<CsvImportReport, { tenantId: string; kind: CsvKind; rows: Record<string, string>[]; dryRun: boolean }>({
      query: ({ tenantId, kind, rows, dryRun }) => ({ url: tenantPath(tenantId, kind, 'import'), method: 'POST', body: { rows, dryRun } }),
      // a dry run writes nothing; an import adds to the list and to the dashboard's counts
      invalidatesTags: (_report, error, { kind, dryRun }) => (dryRun || error ? [] : [{ type: LIST_OF[kind], id: 'LIST' }, { type: 'Dashboard', id: 'LIST' }]),
    }),
  }),
});

export const { useExportCsvMutation, useImportCsvMutation } = catalogueCsvApi;
