import type { PublicQuoteView, QuoteAnswer, SignatureKind } from '@quotebook/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { reasonOf, isApiError } from '../../shared/http-errors';
import { formatCents } from '@quotebook/domain';
import { answerText, figuresWithChoice, formatMoney } from './public-quote-format';
import type { PublicQuoteLabels } from './public-quote-labels';
import { useAcceptPublicQuoteMutation, useDeclinePublicQuoteMutation } from './public-quote.api';
import { SignatureField } from './SignatureField';

type Mode = 'choose' | 'accept' | 'decline';

interface AnswerPanelProps {
  token: string;
  view: PublicQuoteView;
  labels: PublicQuoteLabels;
  /** the optional lines ticked: an acceptance adds them to the quote */
  chosen: readonly string[];
  /** the answer was recorded: the page shows it */
  onAnswered: (answer: QuoteAnswer) => void;
  /** the server says the page is out of date (a newer revision, an answer given elsewhere, expiry): what to tell */
  onStale: (notice: string | null) => void;
}

interface AcceptErrors {
  signerName?: string;
  consent?: string;
  signature?: string;
}

/**
 * The customer's answer: accept (name, consent, a typed or drawn signature) or decline (an optional
 * reason), each confirmed before it is sent. Once answered, or when the quote has expired, the panel
 * only says so.
 */
export function AnswerPanel({ token, view, labels, chosen, onAnswered, onStale }: AnswerPanelProps) {
  const [mode, setMode] = useState<Mode>('choose');
  const [signerName, setSignerName] = useState('');
  const [consent, setConsent] = useState(false);
  const [kind, setKind] = useState<SignatureKind>('typed');
  const [drawn, setDrawn] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<AcceptErrors>({});
  const [confirming, setConfirming] = useState<'accept' | 'decline' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [accept, accepting] = useAcceptPublicQuoteMutation();
  const [decline, declining] = useDeclinePublicQuoteMutation();
  const busy = accepting.isLoading || declining.isLoading;
  const confirmTitleId = useId();
  const confirmTextId = useId();

  const hasOptional = view.items.some((item) => item.optional);
  const totalText = formatMoney(formatCents(figuresWithChoice(view, chosen).totalCents), view.language);

  if (view.answer) {
    const acceptedTotal = view.answer.kind === 'accepted' && hasOptional && view.answer.acceptedTotal ? view.answer.acceptedTotal : null;
    return (
      <Alert severity={view.answer.kind === 'accepted' ? 'success' : 'info'} role="status" sx={{ mt: 3 }}>
        <Typography sx={{ fontWeight: 600 }}>{answerText(view.answer, labels, view.language)}</Typography>
        {view.answer.reason && <Typography variant="body2">{view.answer.reason}</Typography>}
        {acceptedTotal && <Typography variant="body2">{labels.acceptedTotal(formatMoney(acceptedTotal, view.language))}</Typography>}
      </Alert>
    );
  }
  if (view.expired) {
    return (
      <Alert severity="warning" role="status" sx={{ mt: 3 }}>
        {labels.expired}
      </Alert>
    );
  }

  const validateAccept = (): AcceptErrors => {
    const found: AcceptErrors = {};
    if (!signerName.trim()) found.signerName = labels.signerNameRequired;
    if (!consent) found.consent = labels.consentRequired;
    if (kind === 'drawn' && !drawn) found.signature = labels.signatureRequired;
    return found;
  };

  const askToAccept = () => {
    const found = validateAccept();
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming('accept');
  };

  const refused = (error: unknown) => {
    const status = isApiError(error) ? error.status : undefined;
    const why = reasonOf(error);
    if (status === 429) return setProblem(labels.tooManyRequests);
    if (why === 'REVISION_SUPERSEDED') return onStale(labels.updated);
    // the page read again shows the answer already given, the expiry, or that the link is gone
    if (why === 'ALREADY_ANSWERED' || why === 'LINK_EXPIRED' || status === 409 || status === 410 || status === 404) return onStale(null);
    setProblem(labels.sendFailed);
  };

  const send = async () => {
    const which = confirming;
    setConfirming(null);
    setProblem(null);
    try {
      const answer =
        which === 'accept'
          ? await accept({
              token,
              body: {
                signerName: signerName.trim(),
                consent: true,
                signature: { type: kind, value: kind === 'typed' ? signerName.trim() : (drawn as string) },
                revision: view.revision,
                ...(hasOptional ? { optionalItemIds: [...chosen] } : {}),
              },
            }).unwrap()
          : await decline({ token, body: { reason: reason.trim() || null, revision: view.revision } }).unwrap();
      onAnswered(answer);
    } catch (error) {
      refused(error);
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby="public-quote-answer" sx={{ mt: 3, p: { xs: 2, sm: 4 } }}>
      <Typography variant="h2" id="public-quote-answer" sx={{ mb: 2 }}>
        {labels.answerHeading}
      </Typography>
      {problem && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {mode === 'choose' && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="contained" color="success" size="large" onClick={() => setMode('accept')}>
            {labels.accept}
          </Button>
          <Button variant="outlined" color="error" size="large" onClick={() => setMode('decline')}>
            {labels.decline}
          </Button>
        </Box>
      )}
      {mode === 'accept' && (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            askToAccept();
          }}
        >
          <TextField
            label={labels.signerName}
            value={signerName}
            onChange={(event) => setSignerName(event.target.value)}
            error={Boolean(errors.signerName)}
            helperText={errors.signerName}
            autoComplete="name"
            required
            autoFocus
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <SignatureField kind={kind} onKind={setKind} name={signerName} onDrawn={setDrawn} labels={labels} error={errors.signature} disabled={busy} />
          <FormControlLabel
            sx={{ mt: 2, alignItems: 'flex-start' }}
            control={<Checkbox checked={consent} onChange={(event) => setConsent(event.target.checked)} disabled={busy} sx={{ pt: 0.5 }} />}
            label={labels.consent}
          />
          {errors.consent && <FormHelperText error>{errors.consent}</FormHelperText>}
          {hasOptional && (
            <Typography sx={{ mt: 2, fontWeight: 600 }} aria-live="polite">
              {`${chosen.length > 0 ? labels.totalWithChoice : labels.totalVatIncluded}: ${totalText}`}
            </Typography>
          )}
          <Box sx={{ display: 'flex', gap: 2, mt: 2, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" color="success" disabled={busy} startIcon={accepting.isLoading ? <CircularProgress size={16} color="inherit" /> : undefined}>
              {labels.acceptQuote}
            </Button>
            <Button onClick={() => setMode('choose')} disabled={busy}>
              {labels.cancel}
            </Button>
          </Box>
        </Box>
      )}
      {mode === 'decline' && (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setConfirming('decline');
          }}
        >
          <TextField
            label={labels.reason}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={3}
            autoFocus
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Box sx={{ display: 'flex', gap: 2, mt: 2, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" color="error" disabled={busy} startIcon={declining.isLoading ? <CircularProgress size={16} color="inherit" /> : undefined}>
              {labels.declineQuote}
            </Button>
            <Button onClick={() => setMode('choose')} disabled={busy}>
              {labels.cancel}
            </Button>
          </Box>
        </Box>
      )}
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby={confirmTitleId} aria-describedby={confirmTextId} maxWidth="xs" fullWidth>
        <DialogTitle id={confirmTitleId}>{confirming === 'decline' ? labels.confirmDeclineTitle : labels.confirmAcceptTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id={confirmTextId}>
            {confirming === 'decline' ? labels.confirmDeclineText : labels.confirmAcceptText(signerName.trim())}
          </DialogContentText>
          {confirming === 'accept' && hasOptional && (
            <DialogContentText sx={{ mt: 1, fontWeight: 600 }}>{`${chosen.length > 0 ? labels.totalWithChoice : labels.totalVatIncluded}: ${totalText}`}</DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          {/* the focus starts on Cancel: Enter never sends an answer that cannot be changed by accident */}
          <Button onClick={() => setConfirming(null)} autoFocus>
            {labels.cancel}
          </Button>
          <Button variant="contained" color={confirming === 'decline' ? 'error' : 'success'} onClick={() => void send()}>
            {labels.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
