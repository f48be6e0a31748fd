import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';

interface CheckboxFieldProps {
  label: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** A labelled checkbox; takes `form.checkbox(field)` as its props. */
export function CheckboxField({ label, name, checked, onChange, disabled }: CheckboxFieldProps) {
  return (
    <FormControlLabel
      label={label}
      control={<Checkbox name={name} checked={checked} onChange={(event) => onChange(event.target.checked)} disabled={disabled} />}
    />
  );
}
