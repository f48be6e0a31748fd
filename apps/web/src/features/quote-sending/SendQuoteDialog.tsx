import type { CustomerView, QuoteLayoutView, SendQuoteResult } from '@quotebook/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DOCUMENT_MESSAGES, LOOP_MESSAGES, PREVIEW_AUTO_TRIGGER_MS, revisionLabel } from '@quotebook/domain';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { SelectField } from '../../shared/fields/SelectField';
import { languageLabel } from '../../shared/formatters';
import { messageOr } from '../../shared/http-errors';
import { LoadError } from '../../shared/page/LoadError';
import { failureToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import { usePhone } from '../../shared/use-phone';
import { useUnsavedChanges } from '../../shared/use-unsaved-changes';
import { useListCustomersQuery } from '../customers/customers.api';
import { documentRefusal, framedHtml } from '../documents/document-files';
import { useGeneratePreviewMutation } from '../documents/documents.api';
import { useListLayoutsQuery } from '../templates/templates.api';
import { useGetTenantQuery } from '../tenant/tenant.api';
import { stillBroken } from '../quotes/use-quote-form';
import { useSendQuoteMutation } from './quote-sending.api';
import {
  initialSendValues,
  isMailerDown,
  sendFieldErrors,
  sendRequest,
  validateSend,
  type SendErrors,
  type SendField,
  type SendValues,
} from './send-form';

export const SEND_DIALOG_TITLE = 'Invia al cliente';
export const SEND_FAILED_TITLE = 'Invio non riuscito';

/** The text of the toast and of the dialog once a revision went out. */
export const sentText = (revision: number) => `Preventivo inviato (rev. ${revision})`;

export interface SendableQuote {
  id: string;
  shortId: string;
  customerId: string;
  customerName: string;
}

interface SendQuoteDialogProps {
  tenantId: string;
  quote: SendableQuote;
  /** the editor behind holds changes not saved yet: they are not what is sent */
  unsavedChanges?: boolean;
  onClose: () => void;
}

/**
 * "Invia al cliente": the recipient (the customer's e-mail), copies, a message, the layout and the
 * language of the document, its preview, then Invia. The e-mail carries the PDF and the quote's
 * public link, shown here once sent with a button to copy it. Escape asks before losing typed text;
 * Enter in a field never sends (there is no form to submit: only the button sends).
 */
export function SendQuoteDialog({ tenantId, quote, unsavedChanges = false, onClose }: SendQuoteDialogProps) {
  const titleId = useId();
  const phone = usePhone();
  const tenant = useGetTenantQuery(tenantId);
  const customers = useListCustomersQuery(tenantId);
  const layouts = useListLayoutsQuery(tenantId);
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChanges(dirty, onClose);

  const failed = [tenant, customers, layouts].find((query) => query.isError);
  const ready = tenant.data && customers.data && layouts.data;

  let content: ReactNode;
  if (failed) {
    content = (
      <>
        <DialogContent dividers>
          <LoadError message="Impossibile leggere i dati per l'invio." onRetry={() => void failed.refetch()} />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>Annulla</Button>
        </DialogActions>
      </>
    );
  } else if (!ready) {
    content = (
      <>
        <DialogContent dividers>
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Caricamento" />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>Annulla</Button>
        </DialogActions>
      </>
    );
  } else {
    content = (
      <SendForm
        tenantId={tenantId}
        quote={quote}
        customer={customers.data?.find((customer) => customer.id === quote.customerId)}
        layouts={layouts.data ?? []}
        languages={tenant.data?.languages ?? []}
        unsavedChanges={unsavedChanges}
        onBusy={setBusy}
        onDirty={setDirty}
        onCancel={guard.requestClose}
        onClose={onClose}
      />
    );
  }

  return (
    <Dialog open onClose={busy ? undefined : guard.requestClose} aria-labelledby={titleId} fullWidth maxWidth="lg" fullScreen={phone}>
      <DialogTitle id={titleId}>{SEND_DIALOG_TITLE}</DialogTitle>
      {content}
      {guard.dialog}
    </Dialog>
  );
}

interface SendFormProps {
  tenantId: string;
  quote: SendableQuote;
  customer: CustomerView | undefined;
  layouts: readonly QuoteLayoutView[];
  languages: readonly string[];
  unsavedChanges: boolean;
  onBusy: (busy: boolean) => void;
  onDirty: (dirty: boolean) => void;
  /** Annulla: asks first when something was typed */
  onCancel: () => void;
  onClose: () => void;
}

/** A message the server gave for a field, kept while the field still holds the value it was about. */
type ServerErrors = Partial<Record<SendField, { message: string; value: string }>>;

const TYPED: readonly SendField[] = ['to', 'cc', 'message'];

function SendForm({ tenantId, quote, customer, layouts, languages, unsavedChanges, onBusy, onDirty, onCancel, onClose }: SendFormProps) {
  const toast = useToast();
  const [initial] = useState(() => initialSendValues(customer, layouts, languages));
  const [values, setValues] = useState<SendValues>(initial);
  const [checked, setChecked] = useState<SendErrors>({});
  const [server, setServer] = useState<ServerErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<(SendQuoteResult & { to: string }) | null>(null);
  const [sendQuote] = useSendQuoteMutation();
  const customerHasEmail = Boolean(customer?.email);

  const dirty = !sent && TYPED.some((field) => values[field] !== initial[field]);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  useEffect(() => onBusy(sending), [sending, onBusy]);

  // a message shown by Invia goes as soon as its field is right; the server's, once the field changes
  const local = stillBroken(checked, validateSend(values, customerHasEmail));
  const errorOf = (field: SendField) => {
    const said = server[field];
    return said && said.value === values[field] ? said.message : local[field];
  };
  const set = (field: SendField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const text = (field: SendField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
    error: Boolean(errorOf(field)),
    helperText: errorOf(field),
    disabled: sending,
  });

  const send = async () => {
    if (sending) return;
    const problems = validateSend(values, customerHasEmail);
    setChecked(problems);
    setServer({});
    setAlert(null);
    if (Object.values(problems).some(Boolean)) return;
    setSending(true);
    try {
      const result = await sendQuote({ tenantId, quoteId: quote.id, body: sendRequest(values) }).unwrap();
      setSent({ ...result, to: values.to.trim() });
      toast({ title: sentText(result.revision), description: `A ${values.to.trim()}` });
    } catch (error) {
      const fields = sendFieldErrors(error);
      if (Object.keys(fields).length > 0) {
        const said: ServerErrors = {};
        for (const [field, message] of Object.entries(fields) as [SendField, string][]) said[field] = { message, value: values[field] };
        setServer(said);
      } else if (isMailerDown(error)) {
        setAlert(messageOr(error, LOOP_MESSAGES.mailerUnavailable));
      } else {
        toast(failureToast(error, SEND_FAILED_TITLE));
      }
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <>
        <DialogContent dividers>
          <SentLink label={revisionLabel(quote.shortId, sent.revision)} to={sent.to} result={sent} />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button variant="contained" onClick={onClose} autoFocus>
            Chiudi
          </Button>
        </DialogActions>
      </>
    );
  }

  const layoutOptions = layouts
    .filter((layout) => layout.isActive)
    .map((layout) => ({ value: layout.id, label: layout.isDefault ? `${layout.name} (default)` : layout.name }));
  const languageOptions = (languages.length > 0 ? languages : [values.language]).map((code) => ({ value: code, label: languageLabel(code) }));

  return (
    <>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' } }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>{`Preventivo #${quote.shortId} · ${quote.customerName}`}</Typography>
            {unsavedChanges && <Alert severity="warning">Le modifiche non salvate del preventivo non saranno inviate: salvale prima di inviare.</Alert>}
            {alert && (
              <Alert severity="error" role="alert">
                {alert}
              </Alert>
            )}
            <TextField label="Destinatario" type="email" required autoFocus fullWidth autoComplete="off" {...text('to')} />
            <TextField label="Cc" fullWidth autoComplete="off" placeholder="indirizzi separati da virgola" {...text('cc')} helperText={errorOf('cc') ?? 'Più indirizzi separati da virgola'} />
            <TextField label="Messaggio" fullWidth multiline minRows={4} {...text('message')} />
            <SelectField label="Layout" required value={values.layoutId} onChange={set('layoutId')} error={errorOf('layoutId')} disabled={sending || layoutOptions.length === 0} options={[...(layoutOptions.length === 0 ? [{ value: '', label: 'Nessun layout attivo' }] : []), ...layoutOptions]} name="layoutId" />
            <SelectField label="Lingua" value={values.language} onChange={set('language')} error={errorOf('language')} disabled={sending} options={languageOptions} name="language" hint="La lingua del documento, dell'e-mail e della pagina del cliente" />
          </Box>
          <SendPreview tenantId={tenantId} quote={quote} layoutId={values.layoutId} language={values.language} />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
        <Button onClick={onCancel} disabled={sending} sx={{ ml: 'auto' }}>
          Annulla
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={sending} startIcon={sending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}>
          {sending ? 'Invio...' : 'Invia'}
        </Button>
      </DialogActions>
    </>
  );
}

/** After the send: the revision, to whom, and the customer's link with a button that copies it. */
function SentLink({ label, to, result }: { label: string; to: string; result: SendQuoteResult }) {
  const toast = useToast();
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(result.link);
      toast({ title: 'Link copiato' });
    } catch {
      // no clipboard (an insecure page, a refused permission): the link is selected for copying by hand
      field.current?.select();
      toast({ title: 'Copia non riuscita', description: 'Il link è selezionato: copialo con Ctrl+C.', variant: 'destructive' });
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Alert severity="success">{`${sentText(result.revision)} a ${to}: ${label}`}</Alert>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField label="Link per il cliente" value={result.link} fullWidth inputRef={field} slotProps={{ htmlInput: { readOnly: true } }} onFocus={(event) => event.target.select()} />
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ flexShrink: 0, mt: 1 }}>
          Copia link
        </Button>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Il link mostra sempre l&apos;ultima revisione inviata. Puoi revocarlo dalla cronologia degli invii.
      </Typography>
    </Box>
  );
}

/** The document as the customer will receive it, previewed a moment after the layout or the language is chosen. */
function SendPreview({ tenantId, quote, layoutId, language }: { tenantId: string; quote: SendableQuote; layoutId: string; language: string }) {
  const [previewDocument] = useGeneratePreviewMutation();
  const [shown, setShown] = useState<{ key: string; html: string } | null>(null);
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const latest = useRef(0);
  const key = `${layoutId}/${language}`;

  useEffect(() => {
    if (!layoutId) return undefined;
    const request = ++latest.current;
    const timer = setTimeout(() => {
      previewDocument({ tenantId, quoteId: quote.id, layoutId, language })
        .unwrap()
        .then((html) => {
          if (request === latest.current) setShown({ key, html });
        })
        .catch((error: unknown) => {
          if (request !== latest.current) return;
          const message = documentRefusal(error) ?? messageOr(error, DOCUMENT_MESSAGES.generationFailed);
          setFailure({ key, message });
        });
    }, PREVIEW_AUTO_TRIGGER_MS);
    return () => clearTimeout(timer);
  }, [previewDocument, tenantId, quote.id, layoutId, language, key]);

  let body: ReactNode;
  if (!layoutId) body = <Typography>Seleziona un layout per vedere l&apos;anteprima.</Typography>;
  else if (shown?.key === key)
    body = (
      <Box
        component="iframe"
        title={`Anteprima del preventivo #${quote.shortId}`}
        sandbox=""
        srcDoc={framedHtml(shown.html)}
        sx={{ width: '100%', height: '100%', border: 0, display: 'block', bgcolor: 'common.white' }}
      />
    );
  else if (failure?.key === key)
    body = (
      <Typography role="alert" variant="body2">
        {failure.message}
      </Typography>
    );
  else
    body = (
      <>
        <CircularProgress size={28} aria-hidden />
        <Typography role="status">Generazione anteprima...</Typography>
      </>
    );

  return (
    <Box
      aria-label="Anteprima"
      component="section"
      sx={{
        height: { xs: '50vh', md: '60vh' },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'background.default',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
      }}
    >
      {body}
    </Box>
  );
}
