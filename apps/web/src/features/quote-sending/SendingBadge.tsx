import type { QuoteView } from '@quotebook/contracts';
import Chip from '@mui/material/Chip';
import { sendingBadge } from './revision-texts';

/**
 * Beside a quote's status: "Accettato" (success) or "Rifiutato" (error) once the customer answered
 * the latest revision, "Inviato rev. N" while they have not; nothing for a quote never sent. The
 * answer's details are its tooltip.
 */
export function SendingBadge({ quote }: { quote: Pick<QuoteView, 'latestRevision' | 'customerAnswer'> }) {
  const badge = sendingBadge(quote);
  if (!badge) return null;
  return <Chip size="small" label={badge.label} color={badge.tone} variant={badge.tone === 'info' ? 'outlined' : 'filled'} title={badge.hint} data-tone={badge.tone} />;
}
