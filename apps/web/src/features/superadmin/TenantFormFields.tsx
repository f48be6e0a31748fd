import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ChangeEvent } from 'react';
import {
  DEFAULT_LANGUAGE,
  TENANT_LANGUAGE_CHOICES,
  type TenantFormErrors,
  type TenantFormMode,
  type TenantFormValues,
} from './tenant-form';

interface TenantFormFieldsProps {
  mode: TenantFormMode;
  values: TenantFormValues;
  errors: TenantFormErrors;
  set: <K extends keyof TenantFormValues>(field: K, value: TenantFormValues[K]) => void;
  adminLoading?: boolean;
  disabled?: boolean;
  /** shown under the keyword while it differs from the saved one */
  keywordWarning?: string | null;
}

const twoColumns = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 } as const;

export function TenantFormFields({
  mode,
  values,
  errors,
  set,
  adminLoading = false,
  disabled = false,
  keywordWarning,
}: TenantFormFieldsProps) {
  const text = (field: 'name' | 'adminName' | 'adminEmail' | 'adminUsername' | 'adminPassword' | 'expiryDate') =>
    (event: ChangeEvent<HTMLInputElement>) => set(field, event.target.value);

  const toggleLanguage = (code: string, checked: boolean) => {
    const others = values.languages.filter((language) => language !== code);
    set('languages', checked ? [...others, code] : others);
  };

  const address = `${window.location.host}/${values.keyword || 'keyword'}`;

  return (
    <Box>
      <Box sx={twoColumns}>
        <TextField
          label="Tenant Name"
          name="name"
          value={values.name}
          onChange={text('name')}
          error={Boolean(errors.name)}
          helperText={errors.name}
          required
          disabled={disabled}
          autoFocus={mode === 'create'}
        />
        <TextField
          label="Keyword"
          name="keyword"
          value={values.keyword}
          onChange={(event) => set('keyword', event.target.value.toLowerCase().replace(/\s+/g, '-'))}
          error={Boolean(errors.keyword)}
          helperText={errors.keyword ?? `Public address: ${address}`}
          required
          disabled={disabled}
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
        <TextField
          label="Expiry Date"
          name="expiryDate"
          type="date"
          value={values.expiryDate}
          onChange={text('expiryDate')}
          error={Boolean(errors.expiryDate)}
          helperText={errors.expiryDate}
          required
          disabled={disabled}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', pt: 1 }}>
          <FormControlLabel
            control={
              <Checkbox
                name="enabled"
                checked={values.enabled}
                onChange={(event) => set('enabled', event.target.checked)}
                disabled={disabled}
              />
            }
            label="Enabled"
          />
        </Box>
      </Box>

      {keywordWarning && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {keywordWarning}
        </Alert>
      )}

      <FormControl component="fieldset" sx={{ mt: 2 }} disabled={disabled}>
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
                  disabled={disabled || code === DEFAULT_LANGUAGE}
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
        <TextField
          label="Full Name"
          name="adminName"
          autoComplete="off"
          value={values.adminName}
          onChange={text('adminName')}
          error={Boolean(errors.adminName)}
          helperText={errors.adminName}
          required
          disabled={disabled}
        />
        <TextField
          label="Email"
          name="adminEmail"
          type="email"
          autoComplete="off"
          value={values.adminEmail}
          onChange={text('adminEmail')}
          error={Boolean(errors.adminEmail)}
          helperText={errors.adminEmail}
          required
          disabled={disabled}
        />
        <TextField
          label="Username"
          name="adminUsername"
          autoComplete="off"
          value={values.adminUsername}
          onChange={text('adminUsername')}
          error={Boolean(errors.adminUsername)}
          helperText={errors.adminUsername}
          required
          disabled={disabled}
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
        <TextField
          label="Password"
          name="adminPassword"
          type="password"
          autoComplete="new-password"
          placeholder={mode === 'edit' ? 'Leave empty to keep current password' : undefined}
          value={values.adminPassword}
          onChange={text('adminPassword')}
          error={Boolean(errors.adminPassword)}
          helperText={errors.adminPassword}
          required={mode === 'create'}
          disabled={disabled}
          slotProps={mode === 'edit' ? { inputLabel: { shrink: true } } : undefined}
        />
      </Box>
    </Box>
  );
}
