import type { CsvImportReport } from '@quotebook/contracts';
import { CSV_HEADER_LINE, CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS } from '@quotebook/domain';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState, type ChangeEvent } from 'react';
import { HiddenFileInput } from '../../shared/fields/HiddenFileInput';
import { isApiError, messageOr } from '../../shared/http-errors';
import { useToast } from '../../shared/toast/use-toast';
import { usePhone } from '../../shared/use-phone';
import { type CsvKind, useImportCsvMutation } from './catalogue-csv.api';
import { type CsvFile, errorsByLine, errorsOutsideColumns, fileText, lineOf, readCsv } from './csv-file';

const WORDS = {
  products: { title: 'Importa prodotti da CSV', plural: 'prodotti' },
  customers: { title: 'Importa clienti da CSV', plural: 'clienti' },
} as const;

/** A cell's text as the preview shows it: long texts (descriptions) cut short. */
const PREVIEW_CHARACTERS = 80;
const shortened = (text: string) => (text.length > PREVIEW_CHARACTERS ? `${text.slice(0, PREVIEW_CHARACTERS - 1)}…` : text);

const LIMITS = `Al massimo ${CSV_IMPORT_MAX_ROWS.toLocaleString('it-IT')} righe e ${Math.floor(CSV_IMPORT_MAX_BYTES / 1024)} KB per file: un file più grande va diviso.`;

/** How each file is written: the export writes it so, and reads it back. */
function FormatHelp({ kind }: { kind: CsvKind }) {
  const code = (text: string) => (
    <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.85em' }}>
      {text}
    </Box>
  );
  return (
    <Box sx={{ typography: 'body2', color: 'text.secondary', display: 'grid', gap: 1 }}>
      <span>
        Una riga per {kind === 'products' ? 'prodotto' : 'cliente'}, con la riga di intestazione: il file di <strong>Esporta CSV</strong> ha già questo
        formato e si può reimportare. Nulla viene scritto finché ogni riga non è corretta.
      </span>
      {kind === 'products' ? (
        <>
          <span>
            Colonne: {code('title_it')}, {code('subtitle_it')}, {code('short_description_it')}, {code('extended_description_it')} e le stesse per ogni
            lingua dell&apos;agenzia ({code('title_en')}…), {code('duration_hours')}, {code('duration_minutes')}, {code('vat_rate')} (nome
            dell&apos;aliquota), {code('tags')} (nomi separati da {code('|')}), {code('periods')}. La colonna {code('code')} non si importa: il codice
            viene generato.
          </span>
          <span>
            Periodi separati da {code(';')}, ciascuno con le date e ciò che costa:{' '}
            {code('2026-04-01..2026-06-30 min_participants=10 per_person=45.00 flat_rate=100.00 additional_costs=5.00 vat_included')}
            {' '}(anche {code('supplier_cost_per_person=30.00')}, {code('supplier_cost_per_booking=50.00')}, {code('free_places=20+1')}).
          </span>
        </>
      ) : (
        <span>
          Colonne: {code('title')} (vuoto: Spett.le), {code('name')}, {code('email')}, {code('phone')}, {code('contact')}, {code('address')},{' '}
          {code('country')}, {code('city')}, {code('postal_code')}, {code('price_list')} (nome di un listino attivo), {code('vat_number')},{' '}
          {code('sdi')}, {code('pec')}, {code('fiscal_code')}, {code('language')} (vuoto: it), {code('tags')} (nomi separati da {code('|')}).
        </span>
      )}
      <span>{LIMITS}</span>
    </Box>
  );
}

/** The file's rows, each erroneous cell marked with its message. */
function Preview({ file, report }: { file: CsvFile; report: CsvImportReport }) {
  const errors = errorsByLine(report);
  const outside = file.rows.map((_row, index) => errorsOutsideColumns(errors.get(lineOf(index)), file.columns));
  const anyOutside = outside.some((messages) => messages.length > 0);
  return (
    <TableContainer sx={{ maxHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label="Anteprima">
        <TableHead>
          <TableRow>
            <TableCell>Riga</TableCell>
            {file.columns.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
            {anyOutside && <TableCell>Errori</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {file.rows.map((row, index) => {
            const line = lineOf(index);
            const rowErrors = errors.get(line) ?? {};
            return (
              <TableRow key={line} aria-invalid={Object.keys(rowErrors).length > 0}>
                <TableCell>{line}</TableCell>
                {file.columns.map((column) => {
                  const message = rowErrors[column];
                  return (
                    <TableCell key={column} aria-invalid={message !== undefined} sx={message ? { bgcolor: 'error.light', color: 'error.contrastText' } : undefined}>
                      <Box sx={{ whiteSpace: 'pre-wrap', minWidth: 80 }}>{shortened(row[column] ?? '')}</Box>
                      {message && (
                        <Typography variant="caption" component="div" role="alert" sx={{ fontWeight: 600 }}>
                          {message}
                        </Typography>
                      )}
                    </TableCell>
                  );
                })}
                {anyOutside && (
                  <TableCell sx={outside[index].length ? { bgcolor: 'error.light', color: 'error.contrastText' } : undefined}>
                    {outside[index].map((message) => (
                      <Typography key={message} variant="caption" component="div" role="alert">
                        {message}
                      </Typography>
                    ))}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

type Step = { kind: 'choose' } | { kind: 'checking' } | { kind: 'refused'; message: string } | { kind: 'checked'; file: CsvFile; report: CsvImportReport };

/**
 * Import from a CSV file: the file is read here, its rows checked by the server without writing
 * (every row with its errors shown), then written all together once no row has an error.
 */
export function CsvImportDialog({ tenantId, kind, onClose }: { tenantId: string; kind: CsvKind; onClose: () => void }) {
  const titleId = useId();
  const phone = usePhone();
  const toast = useToast();
  const [importCsv, { isLoading }] = useImportCsvMutation();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [fileName, setFileName] = useState<string | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const words = WORDS[kind];

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setFileName(chosen.name);
    setFailure([]);
    const file = readCsv(await fileText(chosen));
    if ('error' in file) {
      setStep({ kind: 'refused', message: file.error });
      return;
    }
    setStep({ kind: 'checking' });
    try {
      const report = await importCsv({ tenantId, kind, rows: file.rows, dryRun: true }).unwrap();
      setStep({ kind: 'checked', file, report });
    } catch (error) {
      setStep({ kind: 'refused', message: messageOr(error, 'Impossibile controllare il file') });
    }
  };

  const write = async () => {
    if (step.kind !== 'checked') return;
    try {
      const report = await importCsv({ tenantId, kind, rows: step.file.rows, dryRun: false }).unwrap();
      toast({ title: `${report.created} ${words.plural} importati` });
      onClose();
    } catch (error) {
      const message = isApiError(error) && typeof error.data === 'object' && error.data !== null ? (error.data as { message?: unknown }).message : undefined;
      setFailure(Array.isArray(message) ? message.map(String) : [messageOr(error, 'Importazione non riuscita')]);
    }
  };

  const report = step.kind === 'checked' ? step.report : undefined;
  const headerErrors = report ? errorsOutsideColumns(errorsByLine(report).get(CSV_HEADER_LINE), []) : [];
  const blocked = !report || report.invalid > 0 || headerErrors.length > 0 || report.valid === 0;

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="lg" fullScreen={phone}>
      <DialogTitle id={titleId}>{words.title}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <FormatHelp kind={kind} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={isLoading}>
            Scegli file CSV
            <HiddenFileInput type="file" name="csv" accept=".csv,text/csv" onChange={(event) => void choose(event)} disabled={isLoading} />
          </Button>
          {fileName && <Typography variant="body2">{fileName}</Typography>}
          {step.kind === 'checking' && <CircularProgress size={20} aria-label="Controllo del file" />}
        </Box>
        {step.kind === 'refused' && <Alert severity="error">{step.message}</Alert>}
        {headerErrors.length > 0 && (
          <Alert severity="error">
            {headerErrors.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        )}
        {step.kind === 'checked' && (
          <>
            <Typography variant="body2" role="status">
              {`${step.file.rows.length} righe: ${step.report.valid} corrette, ${step.report.invalid} con errori`}
              {step.report.truncated ? ' (sono mostrati i primi errori: correggili e ricarica il file)' : ''}
            </Typography>
            <Preview file={step.file} report={step.report} />
          </>
        )}
        {failure.length > 0 && (
          <Alert severity="error">
            {failure.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
        <Button onClick={onClose} disabled={isLoading}>
          Annulla
        </Button>
        <Button
          variant="contained"
          onClick={() => void write()}
          disabled={blocked || isLoading}
          startIcon={isLoading && step.kind === 'checked' ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {report && report.valid > 0 ? `Importa ${report.valid} ${words.plural}` : 'Importa'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
