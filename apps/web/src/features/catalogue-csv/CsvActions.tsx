import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { messageOr } from '../../shared/http-errors';
import { useToast } from '../../shared/toast/use-toast';
import { saveFile } from '../documents/document-files';
import { type CsvKind, useExportCsvMutation } from './catalogue-csv.api';
import { CsvImportDialog } from './CsvImportDialog';

/** "Importa CSV" and "Esporta CSV" of a catalogue page: the file is asked for only when a button is pressed. */
export function CsvActions({ tenantId, kind }: { tenantId: string; kind: CsvKind }) {
  const toast = useToast();
  const [importing, setImporting] = useState(false);
  const [exportCsv, { isLoading: exporting }] = useExportCsvMutation();

  const download = async () => {
    try {
      const file = await exportCsv({ tenantId, kind }).unwrap();
      saveFile(file.url, file.fileName);
    } catch (error) {
      toast({ title: 'Esportazione non riuscita', description: messageOr(error, 'Riprova tra poco.'), variant: 'destructive' });
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
        Importa CSV
      </Button>
      <Button
        variant="outlined"
        startIcon={exporting ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
        onClick={() => void download()}
        disabled={exporting}
      >
        Esporta CSV
      </Button>
      {importing && <CsvImportDialog tenantId={tenantId} kind={kind} onClose={() => setImporting(false)} />}
    </>
  );
}
