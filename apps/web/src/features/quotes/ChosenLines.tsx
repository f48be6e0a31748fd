import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FIGURE_LABELS, formatEuroCents } from '@quotebook/domain';
import type { ReactNode } from 'react';
import { usePhone } from '../../shared/use-phone';

/** One chosen product as its row shows it: the title, its notes, then a cell per column. */
export interface ChosenLine {
  productId: string;
  title: string;
  code: string;
  notes: ReactNode;
  cells: readonly ReactNode[];
}

export const CHOSEN_LINES_LABEL = 'Chosen products';

/**
 * The quote's lines, above the catalogue they were picked from: a small table of product (with its
 * notes), participants and price, in the order they were chosen. On a phone the columns do not fit
 * beside each other: each line is one cell holding its product, then each column's content under the
 * column's name, so that nothing sits off screen behind a sideways scroll.
 */
export function ChosenLinesTable({
  headers,
  lines,
  label = CHOSEN_LINES_LABEL,
  hint,
}: {
  headers: readonly string[];
  lines: readonly ChosenLine[];
  /** the section's name: the chosen products, or the optional services offered apart */
  label?: string;
  hint?: string;
}) {
  const phone = usePhone();
  return (
    <Box component="section" aria-label={label} sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {`${label} (${lines.length})`}
      </Typography>
      {hint && (
        <Typography variant="body2" sx={{ mb: 1, color: 'text.secondary' }}>
          {hint}
        </Typography>
      )}
      {lines.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No products chosen yet: tick them in the list below.
        </Typography>
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                <TableCell>Product</TableCell>
                {!phone && headers.map((header) => <TableCell key={header}>{header}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => (
                <TableRow key={line.productId} aria-label={line.title} sx={{ verticalAlign: 'top' }}>
                  <TableCell sx={{ minWidth: 160 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {line.title}
                    </Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
                      {line.code}
                    </Typography>
                    {line.notes}
                    {phone &&
                      line.cells.map((cell, index) => (
                        <Box key={headers[index]} sx={{ mt: 1.5 }}>
                          <Typography variant="caption" component="div" sx={{ color: 'text.secondary', mb: 0.5 }}>
                            {headers[index]}
                          </Typography>
                          {cell}
                        </Box>
                      ))}
                  </TableCell>
                  {!phone &&
                    line.cells.map((cell, index) => (
                      <TableCell key={headers[index]}>{cell}</TableCell>
                    ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

interface LineNotesProps {
  /** false: 'Non disponibile in questa data' */
  available: boolean;
  /** the minimum's note, when the line charges one */
  minimum: string | null;
  /** an order-confirmed line with 0 confirmed participants: what it is worth */
  emptyConfirmedCents?: number | null;
}

/** The zero-participants warning of an order-confirmed line. */
export function emptyConfirmedText(cents: number): string {
  return `0 partecipanti confermati: la riga vale ${formatEuroCents(cents)}`;
}

/** What a line warns or explains under its title; nothing when all is well. */
export function LineNotes({ available, minimum, emptyConfirmedCents = null }: LineNotesProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, mt: 0.5 }}>
      {!available && <WarningChip label={FIGURE_LABELS.unavailableOnDate} />}
      {emptyConfirmedCents !== null && <WarningChip label={emptyConfirmedText(emptyConfirmedCents)} />}
      {minimum && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {minimum}
        </Typography>
      )}
    </Box>
  );
}

function WarningChip({ label }: { label: string }) {
  return <Chip size="small" color="warning" variant="outlined" icon={<WarningAmberIcon aria-hidden />} label={label} />;
}

/** The lines a service date leaves without a price, named: "Non disponibile in questa data: …". */
export function unavailableText(titles: readonly string[]): string {
  return `${FIGURE_LABELS.unavailableOnDate}: ${titles.join(', ')}. Il prezzo è da definire: imposta un prezzo a mano o scegli un'altra data.`;
}

/**
 * The warning a service date gets when it leaves lines without a price (a date moved out of season);
 * announced as it appears.
 */
export function UnavailableAlert({ titles }: { titles: readonly string[] }) {
  if (titles.length === 0) return null;
  return (
    <Alert severity="warning" role="alert" sx={{ mt: 1 }}>
      {unavailableText(titles)}
    </Alert>
  );
}
