import type { TenantView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { MAX_BALANCE_DUE_DAYS } from '@quotebook/domain';
import { CountField } from '../../shared/fields/InputFields';
import { useEntityForm } from '../../shared/form/use-entity-form';
import { useUpdateBalanceDueDaysMutation } from './payment-terms.api';

export const PAYMENT_TERMS_TEXTS = {
  title: 'Pagamenti',
  label: 'Giorni prima del servizio per il saldo',
  hint: 'Il saldo di un preventivo è dovuto questi giorni prima del servizio, se il preventivo non ne indica altri.',
  invalid: `Inserisci un numero intero di giorni da 0 a ${MAX_BALANCE_DUE_DAYS}`,
  saved: 'Giorni del saldo salvati',
  failure: 'Impossibile salvare i giorni del saldo',
  save: 'Salva',
} as const;

/** The agency's default balance days (Impostazioni); a quote may name its own. */
export function PaymentTermsCard({ tenant }: { tenant: TenantView }) {
  const [update] = useUpdateBalanceDueDaysMutation();
  const form = useEntityForm({
    initial: { balanceDueDaysDefault: String(tenant.balanceDueDaysDefault) },
    validate: ({ balanceDueDaysDefault: days }) =>
      /^\d+$/.test(days.trim()) && Number(days) <= MAX_BALANCE_DUE_DAYS ? {} : { balanceDueDaysDefault: PAYMENT_TERMS_TEXTS.invalid },
    save: ({ balanceDueDaysDefault }) => update({ tenantId: tenant.id, balanceDueDaysDefault: Number(balanceDueDaysDefault) }),
    success: PAYMENT_TERMS_TEXTS.saved,
    failure: PAYMENT_TERMS_TEXTS.failure,
  });

  return (
    <Card component="section" aria-labelledby="payment-terms-title">
      <CardContent>
        <Typography id="payment-terms-title" variant="h2" sx={{ mb: 1 }}>
          {PAYMENT_TERMS_TEXTS.title}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit();
          }}
          sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <CountField label={PAYMENT_TERMS_TEXTS.label} {...form.text('balanceDueDaysDefault')} sx={{ minWidth: 280 }} />
          <Button type="submit" variant="contained" disabled={form.busy} sx={{ mt: 1, height: 56 }}>
            {PAYMENT_TERMS_TEXTS.save}
          </Button>
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {PAYMENT_TERMS_TEXTS.hint}
        </Typography>
      </CardContent>
    </Card>
  );
}
