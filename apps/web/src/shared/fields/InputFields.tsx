import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

type FieldProps = Omit<TextFieldProps, 'type' | 'slotProps'>;

/** A calendar date (`yyyy-mm-dd`), its label always above the browser's date input. */
export function DateField(props: FieldProps) {
  return <TextField {...props} type="date" slotProps={{ inputLabel: { shrink: true } }} />;
}

/** A time of day (`hh:mm`), its label always above the browser's time input. */
export function TimeField(props: FieldProps) {
  return <TextField {...props} type="time" slotProps={{ inputLabel: { shrink: true } }} />;
}

/** A date and time of day (`yyyy-mm-ddThh:mm`), its label always above the browser's input. */
export function DateTimeField(props: FieldProps) {
  return <TextField {...props} type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} />;
}

/** A whole number from `min` up. */
export function CountField({ min = 0, ...props }: FieldProps & { min?: number }) {
  return <TextField {...props} type="number" slotProps={{ htmlInput: { min, step: 1 } }} />;
}

/** An amount in euro: non-negative, cents. */
export function MoneyField(props: FieldProps) {
  return (
    <TextField
      {...props}
      type="number"
      slotProps={{
        htmlInput: { min: 0, step: 0.01 },
        input: { startAdornment: <InputAdornment position="start">€</InputAdornment> },
      }}
    />
  );
}

/** A percentage from 0 to 100 with at most two decimals. */
export function PercentField(props: FieldProps) {
  return (
    <TextField
      {...props}
      type="number"
      slotProps={{
        htmlInput: { min: 0, max: 100, step: 0.01 },
        input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
      }}
    />
  );
}

/** Two fields side by side, one above the other on a phone. */
export const twoColumns = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 } as const;
