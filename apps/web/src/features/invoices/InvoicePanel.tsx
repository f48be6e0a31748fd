import type { InvoiceScheme, InvoiceView, QuoteView } from '@quotebook/contracts';
import { INVOICE_SCHEME_LABELS, INVOICE_SCHEMES, INVOICEABLE_STATUSES } from '@quotebook/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../app/session';
import { messageOr } from '../../shared/http-errors';
import { useToast } from '../../shared/toast/use-toast';
import { saveFile } from '../documents/document-files';
import { useDownloadInvoiceMutation, useGenerateInvoiceMutation } from './invoices.api';

export const INVOICE_TEXTS = {
  title: 'Fattura elettronica',
  generate: 'Genera fattura',
  download: 'Scarica XML',
  issued: (invoice: InvoiceView) => `Fattura n. ${invoice.number} del ${invoice.issuedOn.split('-').reverse().join('/')} · ${INVOICE_SCHEME_LABELS[invoice.scheme]}`,
  failure: 'Impossibile generare la fattura elettronica',
  downloadFailure: 'Impossibile scaricare la fattura elettronica',
} as const;

/**
 * The quote's electronic invoice, for an administrator once the quote is confirmed or closed: the
 * scheme, the issue (asking again answers the invoice already issued), and the XML download.
 */
export function InvoicePanel({ tenantId, quote }: { tenantId: string; quote: Pick<QuoteView, 'id' | 'status'> }) {
  const user = useAppSelector(selectCurrentUser);
  const [scheme, setScheme] = useState<InvoiceScheme>('margin');
  const [invoice, setInvoice] = useState<InvoiceView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [generate, generating] = useGenerateInvoiceMutation();
  const [download, downloading] = useDownloadInvoiceMutation();
  const toast = useToast();
  const labelId = useId();
  const isAdmin = user?.role === 'tenant_admin' || user?.role === 'superadmin';
  if (!isAdmin || !(INVOICEABLE_STATUSES as readonly string[]).includes(quote.status)) return null;

  const issue = async () => {
    setProblem(null);
    try {
      setInvoice(await generate({ tenantId, quoteId: quote.id, scheme }).unwrap());
    } catch (error) {
      setProblem(messageOr(error, INVOICE_TEXTS.failure));
    }
  };
  const save = async () => {
    try {
      const file = await download({ tenantId, quoteId: quote.id }).unwrap();
      if (file.url) saveFile(file.url, file.fileName ?? invoice?.fileName ?? 'fattura.xml');
    } catch (error) {
      toast({ title: 'Error', description: messageOr(error, INVOICE_TEXTS.downloadFailure), variant: 'destructive' });
    }
  };

  return (
    <Box component="section" aria-labelledby={labelId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, my: 1 }}>
      <Typography id={labelId} variant="subtitle1" component="h3">
        {INVOICE_TEXTS.title}
      </Typography>
      {invoice === null ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <RadioGroup row aria-labelledby={labelId} value={scheme} onChange={(event) => setScheme(event.target.value as InvoiceScheme)}>
            {INVOICE_SCHEMES.map((each) => (
              <FormControlLabel key={each} value={each} control={<Radio />} label={INVOICE_SCHEME_LABELS[each]} />
            ))}
          </RadioGroup>
          <Button variant="outlined" onClick={() => void issue()} disabled={generating.isLoading}>
            {INVOICE_TEXTS.generate}
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Typography variant="body2">{INVOICE_TEXTS.issued(invoice)}</Typography>
          <Button variant="outlined" onClick={() => void save()} disabled={downloading.isLoading}>
            {INVOICE_TEXTS.download}
          </Button>
        </Box>
      )}
      {problem && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
