import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { FIGURE_LABELS, formatEuroCents, type NetVatGross, type PriceSource } from '@quotebook/domain';

interface PriceLineProps {
  cents: number;
  source: PriceSource;
  vatLabel: string | null;
  /** the line split into net, VAT and gross: the gross is shown as 'Totale IVA incl.' */
  figures?: NetVatGross;
  /** the product has no priced period on the service date: an automatic price is still to be defined */
  unavailable?: boolean;
  /** shown with the warning 'Non confermato' when false; left out where confirming does not apply */
  confirmed?: boolean;
}

const SOURCE_TEXT: Readonly<Record<PriceSource, string>> = { auto: 'automatic price', manual: 'manual price' };

/**
 * An item's price on the service date: the amount (or 'Prezzo da definire' when the product has no
 * price on that date), whether it is automatic or typed, its VAT note and its total VAT included.
 */
export function PriceLine({ cents, source, vatLabel, figures, unavailable = false, confirmed }: PriceLineProps) {
  const toBeDefined = unavailable && source === 'auto';
  return (
    <Box aria-label="Price" role="group" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, color: toBeDefined ? 'warning.dark' : undefined }}>
        {toBeDefined ? FIGURE_LABELS.priceToBeDefined : formatEuroCents(cents)}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {SOURCE_TEXT[source]}
      </Typography>
      {vatLabel && <Chip size="small" variant="outlined" label={vatLabel} />}
      {confirmed === false && (
        <Chip size="small" color="warning" variant="outlined" icon={<WarningAmberIcon />} label="Non confermato" />
      )}
      {figures && !toBeDefined && (
        <Typography variant="caption" sx={{ color: 'text.secondary', flexBasis: '100%' }}>
          {`${FIGURE_LABELS.total} ${formatEuroCents(figures.grossCents)} (${FIGURE_LABELS.net} ${formatEuroCents(figures.netCents)}, ${FIGURE_LABELS.vat} ${formatEuroCents(figures.vatCents)})`}
        </Typography>
      )}
    </Box>
  );
}
