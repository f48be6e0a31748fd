import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTenantPage } from '../tenant/tenant-context';
import { CompanyInfoForm } from './CompanyInfoForm';
import { CostVisibilitySwitch } from './CostVisibilitySwitch';
import { EInvoiceSettingsCard } from './EInvoiceSettingsCard';
import { LogoUpload } from './LogoUpload';
import { PaymentTermsCard } from './PaymentTermsCard';

/** `/{keyword}/settings` (Impostazioni): company information and logo. */
export function SettingsPage() {
  const { tenant } = useTenantPage();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography variant="h1">Impostazioni</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Company information and logo shown on your quotes.
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <CompanyInfoForm key={tenant.id} tenant={tenant} />
        <LogoUpload tenant={tenant} />
      </Box>
      <CostVisibilitySwitch key={tenant.id} tenant={tenant} />
      <PaymentTermsCard key={`payment-terms-${tenant.id}`} tenant={tenant} />
      <EInvoiceSettingsCard key={`e-invoice-${tenant.id}`} tenant={tenant} />
    </Box>
  );
}
