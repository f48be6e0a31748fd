import TextField, { type TextFieldProps } from '@mui/material/TextField';

type QuoteDateFieldProps = Omit<TextFieldProps, 'type' | 'slotProps'> & {
  /** the earliest day the browser's picker offers */
  min?: string;
  /** a warning under the date that does not stop the save, shown while the field has no error */
  warning?: string | null;
};

/** A quote's date (`yyyy-mm-dd`): its label above the browser's input, an earliest day, a warning in the warning colour. */
export function QuoteDateField({ min, warning, error, helperText, ...props }: QuoteDateFieldProps) {
  const warned = !error && Boolean(warning);
  return (
    <TextField
      {...props}
      type="date"
      error={error}
      helperText={warned ? warning : helperText}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { min },
        formHelperText: warned ? { role: 'status', sx: { color: 'warning.dark' } } : undefined,
      }}
    />
  );
}
