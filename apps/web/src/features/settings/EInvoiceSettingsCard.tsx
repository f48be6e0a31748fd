import type { RegimeFiscale, TenantView } from '@quotebook/contracts';
import { E_INVOICE_LIMITS, E_INVOICE_MESSAGES, isIban, isProvinceCode, REGIMI_FISCALI } from '@quotebook/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { messageOr } from '../../shared/http-errors';
import { useToast } from '../../shared/toast/use-toast';
import { useUpdateEInvoiceSettingsMutation } from './e-invoice-settings.api';

export const E_INVOICE_SETTINGS_TEXTS = {
  title: 'Fattura elettronica',
  hint: "Dati dell'agenzia come cedente nelle fatture elettroniche (FatturaPA). Partita IVA, codice fiscale e indirizzo sono quelli dei dati aziendali.",
  regime: 'Regime fiscale',
  reaOffice: 'Ufficio REA (provincia)',
  reaNumber: 'Numero REA',
  iban: 'IBAN',
  save: 'Salva dati fattura',
  saved: 'Dati della fattura elettronica salvati',
  failure: 'Impossibile salvare i dati della fattura elettronica',
} as const;

interface Values {
  regimeFiscale: RegimeFiscale;
  reaOffice: string;
  reaNumber: string;
  iban: string;
}
type Errors = Partial<Record<keyof Values, string>>;

const valuesOf = (tenant: TenantView): Values => ({
  regimeFiscale: tenant.regimeFiscale ?? 'RF01',
  reaOffice: tenant.reaOffice ?? '',
  reaNumber: tenant.reaNumber ?? '',
  iban: tenant.iban ?? '',
});

function validate(values: Values): Errors {
  const errors: Errors = {};
  if (values.reaOffice.trim() && !isProvinceCode(values.reaOffice)) errors.reaOffice = E_INVOICE_MESSAGES.reaOffice;
  if (values.reaNumber.trim().length > E_INVOICE_LIMITS.reaNumber) errors.reaNumber = E_INVOICE_MESSAGES.reaNumber;
  if (values.iban.trim() && !isIban(values.iban)) errors.iban = E_INVOICE_MESSAGES.iban;
  return errors;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The seller's data of the agency's e-invoices: tax regime, REA registration, IBAN. */
export function EInvoiceSettingsCard({ tenant }: { tenant: TenantView }) {
  const [values, setValues] = useState(() => valuesOf(tenant));
  const [errors, setErrors] = useState<Errors>({});
  const [update, { isLoading }] = useUpdateEInvoiceSettingsMutation();
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validate(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const saved = await update({
        tenantId: tenant.id,
        settings: { regimeFiscale: values.regimeFiscale, reaOffice: orNull(values.reaOffice)?.toUpperCase() ?? null, reaNumber: orNull(values.reaNumber), iban: orNull(values.iban) },
      }).unwrap();
      setValues(valuesOf(saved));
      toast({ title: 'Success', description: E_INVOICE_SETTINGS_TEXTS.saved });
    } catch (error) {
      toast({ title: 'Error', description: messageOr(error, E_INVOICE_SETTINGS_TEXTS.failure), variant: 'destructive' });
    }
  };

  const field = (name: Exclude<keyof Values, 'regimeFiscale'>, label: string) => (
    <TextField
      name={name}
      label={label}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      disabled={isLoading}
      autoComplete="off"
    />
  );

  return (
    <Card component="section" aria-labelledby="e-invoice-settings-title">
      <CardContent>
        <Typography id="e-invoice-settings-title" variant="h2" sx={{ mb: 1 }}>
          {E_INVOICE_SETTINGS_TEXTS.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {E_INVOICE_SETTINGS_TEXTS.hint}
        </Typography>
        <Box component="form" onSubmit={submit} noValidate>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            <TextField
              select
              name="regimeFiscale"
              label={E_INVOICE_SETTINGS_TEXTS.regime}
              value={values.regimeFiscale}
              onChange={(event) => setValues({ ...values, regimeFiscale: event.target.value as RegimeFiscale })}
              disabled={isLoading}
              sx={{ gridColumn: { sm: '1 / -1' } }}
            >
              {REGIMI_FISCALI.map(([code, name]) => (
                <MenuItem key={code} value={code}>
                  {code} – {name}
                </MenuItem>
              ))}
            </TextField>
            {field('reaOffice', E_INVOICE_SETTINGS_TEXTS.reaOffice)}
            {field('reaNumber', E_INVOICE_SETTINGS_TEXTS.reaNumber)}
            {field('iban', E_INVOICE_SETTINGS_TEXTS.iban)}
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" disabled={isLoading}>
              {E_INVOICE_SETTINGS_TEXTS.save}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
