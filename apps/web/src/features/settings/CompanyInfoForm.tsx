import type { TenantView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { messageOr } from '../../shared/http-errors';
import { useToast } from '../../shared/toast/use-toast';
import { useUpdateTenantSettingsMutation } from './settings.api';
import {
  SETTINGS_FIELDS,
  settingsFormFrom,
  settingsRequestFrom,
  validateSettingsForm,
  type SettingsFormErrors,
} from './settings-form';

export function CompanyInfoForm({ tenant }: { tenant: TenantView }) {
  const [values, setValues] = useState(() => settingsFormFrom(tenant));
  const [errors, setErrors] = useState<SettingsFormErrors>({});
  const [updateSettings, { isLoading }] = useUpdateTenantSettingsMutation();
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateSettingsForm(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const saved = await updateSettings({ tenantId: tenant.id, settings: settingsRequestFrom(values) }).unwrap();
      setValues(settingsFormFrom(saved));
      toast({ title: 'Success', description: 'Tenant settings updated successfully' });
    } catch (error) {
      toast({ title: 'Error', description: messageOr(error, 'Failed to update tenant settings'), variant: 'destructive' });
    }
  };

  return (
    <Card component="section" aria-labelledby="company-info-title">
      <CardContent>
        <Typography id="company-info-title" variant="h2" sx={{ mb: 1 }}>
          Company Information
        </Typography>
        <Box component="form" onSubmit={submit} noValidate>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            {SETTINGS_FIELDS.map(({ name, label, type, autoComplete }) => (
              <TextField
                key={name}
                name={name}
                label={label}
                type={type ?? 'text'}
                autoComplete={autoComplete ?? 'off'}
                value={values[name]}
                onChange={(event) => setValues({ ...values, [name]: event.target.value })}
                error={Boolean(errors[name])}
                helperText={errors[name]}
                disabled={isLoading}
                sx={name === 'companyName' || name === 'address' ? { gridColumn: { sm: '1 / -1' } } : undefined}
              />
            ))}
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={isLoading}
              startIcon={isLoading ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {isLoading ? 'Saving...' : 'Save Settings'}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
