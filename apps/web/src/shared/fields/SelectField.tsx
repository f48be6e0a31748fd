import TextField from '@mui/material/TextField';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: string;
  name?: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  error?: string;
  /** shown under the select while there is no error */
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
  margin?: 'none' | 'dense';
  minWidth?: number;
}

/**
 * A labelled native select: the browser's own keyboard handling and list, and a plain `<select>` for
 * every kind of test to drive.
 */
export function SelectField({ label, name, value, options, onChange, error, hint, required, disabled, size, margin, minWidth }: SelectFieldProps) {
  return (
    <TextField
      select
      label={label}
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? hint}
      required={required}
      disabled={disabled}
      size={size}
      margin={margin}
      sx={minWidth ? { minWidth } : undefined}
      fullWidth={!minWidth}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
