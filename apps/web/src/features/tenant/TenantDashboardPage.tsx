import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDate, languageLabel } from '../../shared/formatters';
import { useTenantPage } from './tenant-context';

export function TenantDashboardPage() {
  const { tenant } = useTenantPage();

  const details = [
    { label: 'Public address', value: `${window.location.host}/${tenant.keyword}` },
    { label: 'Status', value: tenant.status },
    { label: 'Expiry', value: formatDate(tenant.expiryDate) || '—' },
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography variant="h1">{tenant.name}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Dashboard
        </Typography>
      </Box>
      <Card>
        <CardContent>
          <Typography variant="h2" sx={{ mb: 2 }}>
            Agency
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
          >
            {details.map(({ label, value }) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {value}
                </Typography>
              </Box>
            ))}
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              Languages
            </Typography>
            <Box component="dd" sx={{ m: 0, display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              {tenant.languages.map((code) => (
                <Chip key={code} size="small" label={languageLabel(code)} />
              ))}
            </Box>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
