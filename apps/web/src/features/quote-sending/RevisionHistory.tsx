import type { QuoteRevisionSummary, QuoteRevisionView, RevisionItemView } from '@quotebook/contracts';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { formatEuro, revisionLabel } from '@quotebook/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../shared/confirm-dialog/ConfirmDialog';
import { SelectField } from '../../shared/fields/SelectField';
import { LoadError } from '../../shared/page/LoadError';
import { failureToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import { useGetQuoteRevisionQuery, useListQuoteRevisionsQuery, useRevokeQuoteLinkMutation } from './quote-sending.api';
import { compareRevisions, type RevisionComparison } from './revision-diff';
import { answerText, choiceText, momentOf, viewsText } from './revision-texts';

export interface HistoryQuote {
  id: string;
  shortId: string;
  /** null: never sent, nothing to read */
  latestRevision: number | null;
}

/** The question before the link stops working: it names the quote. */
export const revokeConfirmation = (shortId: string) => ({
  title: `Revocare il link del preventivo #${shortId}?`,
  message: `Il cliente non potrà più aprire il preventivo #${shortId} dal link ricevuto. Un nuovo invio creerà un nuovo link.`,
});

/**
 * The revisions sent to the customer, newest first: when and to whom each went, its total, its views
 * and the customer's answer; "Revoca link" (asked first) and "Confronta" two revisions.
 */
export function RevisionHistory({ tenantId, quote }: { tenantId: string; quote: HistoryQuote }) {
  const toast = useToast();
  const revisions = useListQuoteRevisionsQuery({ tenantId, quoteId: quote.id }, { skip: !quote.latestRevision });
  const [revokeLink, revoking] = useRevokeQuoteLinkMutation();
  const [asking, setAsking] = useState(false);

  if (!quote.latestRevision) {
    return <Typography variant="body2">Il preventivo non è ancora stato inviato al cliente.</Typography>;
  }
  if (revisions.isError) return <LoadError message="Impossibile leggere gli invii." onRetry={() => void revisions.refetch()} />;
  if (!revisions.data) return <CircularProgress size={24} aria-label="Caricamento invii" />;

  const newestFirst = [...revisions.data].sort((a, b) => b.number - a.number);
  const question = revokeConfirmation(quote.shortId);
  const revoke = async () => {
    try {
      await revokeLink({ tenantId, quoteId: quote.id }).unwrap();
      toast({ title: 'Link revocato', description: `Il link del preventivo #${quote.shortId} non funziona più.` });
    } catch (error) {
      toast(failureToast(error, 'Revoca del link non riuscita'));
    } finally {
      setAsking(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
          Dal più recente al primo invio
        </Typography>
        <Button color="error" startIcon={<LinkOffIcon />} onClick={() => setAsking(true)}>
          Revoca link
        </Button>
      </Box>
      <Box component="ol" aria-label="Revisioni inviate" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {newestFirst.map((revision) => (
          <RevisionEntry key={revision.number} shortId={quote.shortId} revision={revision} />
        ))}
      </Box>
      {newestFirst.length > 1 && <RevisionCompare tenantId={tenantId} quote={quote} numbers={newestFirst.map((revision) => revision.number)} />}
      <ConfirmDialog
        open={asking}
        title={question.title}
        message={question.message}
        confirmLabel="Revoca link"
        busyLabel="Revoca..."
        cancelLabel="Annulla"
        busy={revoking.isLoading}
        onConfirm={() => void revoke()}
        onCancel={() => setAsking(false)}
      />
    </Box>
  );
}

function RevisionEntry({ shortId, revision }: { shortId: string; revision: QuoteRevisionSummary }) {
  const answer = revision.answer;
  const copies = revision.cc.length > 0 ? ` (cc: ${revision.cc.join(', ')})` : '';
  return (
    <Box component="li" aria-label={revisionLabel(shortId, revision.number)} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>{`rev. ${revision.number}`}</Typography>
        <Typography component="span" variant="body2">
          {formatEuro(revision.totalAmount)}
        </Typography>
        {answer && <Chip size="small" label={answer.kind === 'accepted' ? 'Accettato' : 'Rifiutato'} color={answer.kind === 'accepted' ? 'success' : 'error'} />}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {`Inviato il ${momentOf(revision.sentAt)} a ${revision.sentTo}${copies}${revision.sentByName ? ` da ${revision.sentByName}` : ''}`}
      </Typography>
      <Typography variant="body2">{viewsText(revision)}</Typography>
      <Typography variant="body2">{answerText(answer)}</Typography>
      {choiceText(answer) && <Typography variant="body2">{choiceText(answer)}</Typography>}
    </Box>
  );
}

/** Two revisions side by side: what the later one added, removed and repriced, and the totals. */
function RevisionCompare({ tenantId, quote, numbers }: { tenantId: string; quote: HistoryQuote; numbers: readonly number[] }) {
  const [from, setFrom] = useState(String(numbers[1]));
  const [to, setTo] = useState(String(numbers[0]));
  const [asked, setAsked] = useState<{ from: number; to: number } | null>(null);
  const options = numbers.map((number) => ({ value: String(number), label: `rev. ${number}` }));
  return (
    <Box component="section" aria-label="Confronto revisioni" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <SelectField label="Da" name="compareFrom" value={from} options={options} onChange={setFrom} size="small" margin="none" minWidth={110} />
        <SelectField label="A" name="compareTo" value={to} options={options} onChange={setTo} size="small" margin="none" minWidth={110} />
        <Button variant="outlined" startIcon={<CompareArrowsIcon />} disabled={from === to} onClick={() => setAsked({ from: Math.min(Number(from), Number(to)), to: Math.max(Number(from), Number(to)) })}>
          Confronta
        </Button>
      </Box>
      {asked && <ComparisonResult tenantId={tenantId} quote={quote} from={asked.from} to={asked.to} />}
    </Box>
  );
}

function ComparisonResult({ tenantId, quote, from, to }: { tenantId: string; quote: HistoryQuote; from: number; to: number }) {
  const before = useGetQuoteRevisionQuery({ tenantId, quoteId: quote.id, number: from });
  const after = useGetQuoteRevisionQuery({ tenantId, quoteId: quote.id, number: to });
  if (before.isError || after.isError) {
    return <LoadError message="Impossibile leggere le revisioni." onRetry={() => void (before.isError ? before.refetch() : after.refetch())} />;
  }
  if (!before.data || !after.data) return <CircularProgress size={24} aria-label="Caricamento revisioni" />;
  return <ComparisonTable from={before.data} to={after.data} comparison={compareRevisions(before.data, after.data)} />;
}

const lineText = (item: RevisionItemView) => `${item.title}: ${item.chargedParticipants} × ${formatEuro(item.unitPrice)} = ${formatEuro(item.grossPrice)}`;

function ComparisonTable({ from, to, comparison }: { from: QuoteRevisionView; to: QuoteRevisionView; comparison: RevisionComparison }) {
  const { added, removed, repriced, totals } = comparison;
  const nothing = added.length === 0 && removed.length === 0 && repriced.length === 0;
  const difference = totals.grossDifference.startsWith('-') ? formatEuro(totals.grossDifference) : `+${formatEuro(totals.grossDifference)}`;
  return (
    <Box aria-label={`Differenze tra rev. ${from.number} e rev. ${to.number}`} role="region" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {nothing && <Typography variant="body2">Nessuna riga cambiata.</Typography>}
      <ChangeList title="Righe aggiunte" lines={added.map(lineText)} />
      <ChangeList title="Righe rimosse" lines={removed.map(lineText)} />
      <ChangeList
        title="Righe modificate"
        lines={repriced.map(
          ({ before, after }) =>
            `${after.title}: ${before.chargedParticipants} × ${formatEuro(before.unitPrice)} = ${formatEuro(before.grossPrice)} → ${after.chargedParticipants} × ${formatEuro(after.unitPrice)} = ${formatEuro(after.grossPrice)}`,
        )}
      />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {`Totale IVA incl.: ${formatEuro(totals.before.gross)} → ${formatEuro(totals.after.gross)} (${difference})`}
      </Typography>
    </Box>
  );
}

function ChangeList({ title, lines }: { title: string; lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle2" component="h4">
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {lines.map((line) => (
          <Typography component="li" variant="body2" key={line}>
            {line}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
