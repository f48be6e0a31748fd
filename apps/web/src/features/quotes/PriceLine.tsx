import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatEuroCents, type PriceSource } from '@quotebook/domain';

interface PriceLineProps {
  cents: number;
  source: PriceSource;
  vatLabel: string | null;
  /** shown with the warning 'Non confermato' when false; left out where confirming does not apply */
  confirmed?: boolean;
}

const SOURCE_TEXT: Readonly<Record<PriceSource, string>> = { auto: 'automatic price', manual: 'manual price' };

/** An item's price on the service date: the amount, whether it is automatic or typed, its VAT note. */
export function PriceLine({ cents, source, vatLabel, confirmed }: PriceLineProps) {
  return (
    <Box aria-label="Price" role="group" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {formatEuroCents(cents)}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {SOURCE_TEXT[source]}
      </Typography>
      {vatLabel && <Chip size="small" variant="outlined" label={vatLabel} />}
      {confirmed === false && (
        <Chip size="small" color="warning" variant="outlined" icon={<WarningAmberIcon />} label="Non confermato" />
      )}
    </Box>
  );
}
