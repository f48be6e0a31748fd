import type { QuoteView } from '@quotebook/contracts';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SendIcon from '@mui/icons-material/Send';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { RevisionHistory } from './RevisionHistory';
import { momentOf } from './revision-texts';
import { SendingBadge } from './SendingBadge';
import { SEND_DIALOG_TITLE, SendQuoteDialog } from './SendQuoteDialog';

type PanelQuote = Pick<QuoteView, 'id' | 'shortId' | 'customerId' | 'customerName' | 'latestRevision' | 'lastSentAt' | 'customerAnswer'>;

/**
 * The editor's part of the customer loop: the answer badge (or "Inviato rev. N") and, folded, the
 * sends ("Invii"): every revision with its views and answer, the link's revoke and the comparison.
 */
export function QuoteSendingPanel({ tenantId, quote }: { tenantId: string; quote: PanelQuote }) {
  const summaryId = useId();
  const sends = quote.latestRevision ?? 0;
  return (
    <Accordion disableGutters variant="outlined" sx={{ mb: 1 }} slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${summaryId}-history`} id={summaryId}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {sends > 0 ? `Invii (${sends})` : 'Invii'}
          </Typography>
          <SendingBadge quote={quote} />
          {quote.lastSentAt && (
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
              {`Ultimo invio il ${momentOf(quote.lastSentAt)}`}
            </Typography>
          )}
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${summaryId}-history`}>
        <RevisionHistory tenantId={tenantId} quote={quote} />
      </AccordionDetails>
    </Accordion>
  );
}

/** "Invia al cliente", with its dialog: in the editor's actions and wherever a quote is at hand. */
export function SendQuoteButton({
  tenantId,
  quote,
  unsavedChanges = false,
  disabled = false,
}: {
  tenantId: string;
  quote: Pick<QuoteView, 'id' | 'shortId' | 'customerId' | 'customerName'>;
  unsavedChanges?: boolean;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<SendIcon />} onClick={() => setOpen(true)} disabled={disabled}>
        {SEND_DIALOG_TITLE}
      </Button>
      {open && <SendQuoteDialog tenantId={tenantId} quote={quote} unsavedChanges={unsavedChanges} onClose={() => setOpen(false)} />}
    </>
  );
}
