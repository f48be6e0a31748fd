import AutorenewIcon from '@mui/icons-material/Autorenew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatCents, formatEuroCents, freePlacesLabel } from '@quotebook/domain';
import { MoneyField } from '../../shared/fields/InputFields';
import { MARGIN_TEXTS, marginText, type MarginFigures } from './quote-margin';

/** "Margine € 120,00 (23,08%)", or that the line has no supplier cost. */
export function MarginLine({ figures }: { figures: MarginFigures }) {
  const margin = marginText(figures);
  return (
    <Typography variant="caption" component="div" sx={{ color: margin ? 'text.secondary' : 'text.disabled' }}>
      {margin ? `${MARGIN_TEXTS.margin} ${margin}` : MARGIN_TEXTS.noCost}
    </Typography>
  );
}

interface CostCellProps {
  productTitle: string;
  /** the cost typed by hand, '' for the automatic one */
  value: string;
  /** the period's cost for the line, shown while none is typed */
  automaticCents: number | null;
  figures: MarginFigures;
  error?: string;
  onChange: (value: string) => void;
  disabled: boolean;
}

/** A line's cost (typed by hand, or the period's: 'automatico' goes back to it) and its margin. */
export function CostCell({ productTitle, value, automaticCents, figures, error, onChange, disabled }: CostCellProps) {
  return (
    <Box role="group" aria-label={`${MARGIN_TEXTS.column}: ${productTitle}`} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}>
      <MoneyField
        label={MARGIN_TEXTS.cost}
        size="small"
        margin="none"
        value={value}
        placeholder={automaticCents === null ? '—' : formatCents(automaticCents)}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? MARGIN_TEXTS.costHint}
        disabled={disabled}
        sx={{ width: 180 }}
      />
      <Button size="small" startIcon={<AutorenewIcon />} onClick={() => onChange('')} disabled={disabled || value === ''}>
        {MARGIN_TEXTS.automatic}
      </Button>
      <MarginLine figures={figures} />
    </Box>
  );
}

/** "20 + 1 gratuità" beside the participants, when the line has free places. */
export function FreePlacesNote({ paying, free }: { paying: number; free: number }) {
  if (free <= 0) return null;
  return (
    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
      {freePlacesLabel(paying, free)}
    </Typography>
  );
}

/** Under the lines: what they cost, their price without VAT and the margin, for the agency's eyes. */
export function MarginSummary({ figures }: { figures: MarginFigures }) {
  const margin = marginText(figures);
  const parts = [
    `${MARGIN_TEXTS.costTotal}: ${figures.costCents === null ? '—' : formatEuroCents(figures.costCents)}`,
    `${MARGIN_TEXTS.priceTotal}: ${formatEuroCents(figures.netCents)}`,
    `${MARGIN_TEXTS.marginTotal}: ${margin ?? '—'}`,
  ];
  return (
    <Box role="group" aria-label={MARGIN_TEXTS.figuresLabel} sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', columnGap: 2, my: 1 }}>
      {parts.map((part) => (
        <Typography key={part} variant="body2" sx={{ fontWeight: 600 }}>
          {part}
        </Typography>
      ))}
    </Box>
  );
}

/** Under the optional services: what they add up to, VAT included, apart from the total. */
export function OptionalTotal({ grossCents }: { grossCents: number }) {
  return (
    <Typography variant="body2" sx={{ mb: 2, textAlign: 'right', color: 'text.secondary' }}>
      {`${MARGIN_TEXTS.optionalTotal}: ${formatEuroCents(grossCents)}`}
    </Typography>
  );
}

/** A line's cost as worked out (not editable here) and its margin. */
export function CostReadout({ figures }: { figures: MarginFigures }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography variant="body2">{figures.costCents === null ? '—' : formatEuroCents(figures.costCents)}</Typography>
      <MarginLine figures={figures} />
    </Box>
  );
}
