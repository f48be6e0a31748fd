import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { MAX_ITEM_QUANTITY, MIN_ITEM_QUANTITY } from '@quotebook/domain';
import { useState } from 'react';
import { quantityProblem, QUANTITY_TEXTS, typedQuantity } from './quote-pricing';

interface QuantityStepperProps {
  /** names the stepper: "Quantity of Tour del Colosseo" */
  label: string;
  value: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}

/**
 * A quantity from 1 to 999 ('max 999' under it): minus and plus buttons around a number field. A typed
 * number above 999 is ignored and one below 1 becomes 1, and the field says so ('Massimo 999'); it may
 * stay empty while a person types, and becomes 1 if they leave it empty.
 */
export function QuantityStepper({ label, value, onChange, disabled }: QuantityStepperProps) {
  const [typing, setTyping] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const take = (quantity: number) => {
    setProblem(null);
    onChange(quantity);
  };
  const step = (delta: number) => take(Math.min(MAX_ITEM_QUANTITY, Math.max(MIN_ITEM_QUANTITY, value + delta)));

  return (
    <Box role="group" aria-label={label} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <IconButton size="small" aria-label="Decrease quantity" onClick={() => step(-1)} disabled={disabled || value <= MIN_ITEM_QUANTITY}>
        <RemoveIcon fontSize="small" />
      </IconButton>
      <TextField
        label="Quantity"
        type="number"
        size="small"
        margin="none"
        value={typing ?? String(value)}
        disabled={disabled}
        onChange={(event) => {
          const typed = event.target.value;
          if (typed === '') return setTyping('');
          setTyping(null);
          take(typedQuantity(value, typed));
          setProblem(quantityProblem(typed));
        }}
        onBlur={() => {
          if (typing === '') take(MIN_ITEM_QUANTITY);
          setTyping(null);
        }}
        error={Boolean(problem)}
        helperText={problem ?? QUANTITY_TEXTS.hint}
        sx={{ width: 110 }}
        slotProps={{ htmlInput: { min: MIN_ITEM_QUANTITY, max: MAX_ITEM_QUANTITY, step: 1 } }}
      />
      <IconButton size="small" aria-label="Increase quantity" onClick={() => step(1)} disabled={disabled || value >= MAX_ITEM_QUANTITY}>
        <AddIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
