import AutorenewIcon from '@mui/icons-material/Autorenew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { TextFieldProps } from '@mui/material/TextField';
import { FIGURE_LABELS, formatEuroCents, parseCents } from '@quotebook/domain';
import { MoneyField } from '../../shared/fields/InputFields';

export const TOTAL_FIELD_TEXTS = {
  label: `${FIGURE_LABELS.total} (€)`,
  byHand: 'Impostato a mano diventa il totale del documento',
  automatic: (cents: number) => `Automatico: ${formatEuroCents(cents)}`,
  useAutomatic: 'Usa il totale automatico',
} as const;

type TotalAmountFieldProps = Omit<TextFieldProps, 'type' | 'slotProps' | 'label'> & {
  /** what the lines and consumptions make, VAT included; null while unknown */
  automaticCents: number | null;
  /** puts the automatic total back in the field */
  onAutomatic: () => void;
};

/**
 * An editor's total: the quote's grand total VAT included, which a total set by hand replaces on the
 * document. It says so, shows the automatic figure and offers to go back to it.
 */
export function TotalAmountField({ automaticCents, onAutomatic, error, helperText, disabled, ...props }: TotalAmountFieldProps) {
  const automatic = automaticCents === null ? null : TOTAL_FIELD_TEXTS.automatic(automaticCents);
  const differs = automaticCents !== null && parseCents(String(props.value ?? '').trim()) !== automaticCents;
  return (
    <Box>
      <MoneyField
        {...props}
        label={TOTAL_FIELD_TEXTS.label}
        error={error}
        disabled={disabled}
        helperText={error ? helperText : [TOTAL_FIELD_TEXTS.byHand, automatic].filter(Boolean).join(' · ')}
      />
      {differs && (
        <Button size="small" startIcon={<AutorenewIcon />} onClick={onAutomatic} disabled={disabled} sx={{ mt: -0.5, mb: 1 }}>
          {TOTAL_FIELD_TEXTS.useAutomatic}
        </Button>
      )}
    </Box>
  );
}
