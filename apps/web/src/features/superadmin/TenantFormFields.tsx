import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import Checkbox from '@mui/material/Checkbox';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CheckboxField } from '../../shared/fields/CheckboxField';
import { DateField, twoColumns } from '../../shared/fields/InputFields';
import type { EntityForm } from '../../shared/form/use-entity-form';
import { DEFAULT_LANGUAGE, TENANT_LANGUAGE_CHOICES, type TenantFormMode, type TenantFormValues } from './tenant-form';

interface TenantFormFieldsProps {
  mode: TenantFormMode;
  form: EntityForm<TenantFormValues>;
  adminLoading?: boolean;
  /** while something else than saving runs (deleting) */
  disabled?: boolean;
  /** shown under the keyword while it differs from the saved one */
  keywordWarning?: string | null;
}

const NO_AUTOCORRECT = { htmlInput: { autoCapitalize: 'none', spellCheck: false } } as const;

export function TenantFormFields({ mode, form, adminLoading = false, disabled = false, keywordWarning }: TenantFormFieldsProps) {
  const { values, set } = form;
  const off = disabled || form.busy;
  const field = (name: Parameters<typeof form.text>[0]) => ({ ...form.text(name), disabled: off });

  const toggleLanguage = (code: string, checked: boolean) => {
    const others = values.languages.filter((language) => language !== code);
    set('languages', checked ? [...others, code] : others);
  };

  const keyword = field('keyword');
  const address = `${window.location.host}/${values.keyword || 'keyword'}`;

  return (
    <Box>
      <Box sx={twoColumns}>
        <TextField label="Tenant Name" required autoFocus={mode === 'create'} {...field('name')} />
        <TextField
          label="Keyword"
          required
          {...keyword}
          onChange={(event) => set('keyword', event.target.value.toLowerCase().replace(/\s+/g, '-'))}
          helperText={keyword.helperText ?? `Public address: ${address}`}
          slotProps={NO_AUTOCORRECT}
        />
        <DateField label="Expiry Date" required {...field('expiryDate')} />
        <Box sx={{ display: 'flex', alignItems: 'center', pt: 1 }}>
          <CheckboxField label="Enabled" {...form.checkbox('enabled')} disabled={off} />
        </Box>
      </Box>

      {keywordWarning && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {keywordWarning}
        </Alert>
      )}

      <FormControl component="fieldset" sx={{ mt: 2 }} disabled={off}>
        <FormLabel component="legend">Languages</FormLabel>
        <FormGroup row>
          {TENANT_LANGUAGE_CHOICES.map(({ code, label }) => (
            <FormControlLabel
              key={code}
              label={label}
              control={
                <Checkbox
                  name={`language-${code}`}
                  checked={code === DEFAULT_LANGUAGE || values.languages.includes(code)}
                  disabled={off || code === DEFAULT_LANGUAGE}
                  onChange={(event) => toggleLanguage(code, event.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
      </FormControl>

      <Divider sx={{ my: 2 }} />
      <Typography variant="h3" component="h3" sx={{ mb: 0.5 }}>
        Admin User
      </Typography>
      {adminLoading && <LinearProgress aria-label="Loading admin user" sx={{ my: 1 }} />}
      <Box sx={twoColumns}>
        <TextField label="Full Name" autoComplete="off" required {...field('adminName')} />
        <TextField label="Email" type="email" autoComplete="off" required {...field('adminEmail')} />
        <TextField label="Username" autoComplete="off" required {...field('adminUsername')} slotProps={NO_AUTOCORRECT} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          placeholder={mode === 'edit' ? 'Leave empty to keep current password' : undefined}
          required={mode === 'create'}
          {...field('adminPassword')}
          slotProps={mode === 'edit' ? { inputLabel: { shrink: true } } : undefined}
        />
      </Box>
    </Box>
  );
}
