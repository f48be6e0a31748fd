import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TenantStats } from './tenant-filters';

interface TenantStatsCardsProps {
  stats: TenantStats;
  loading: boolean;
}

export function TenantStatsCards({ stats, loading }: TenantStatsCardsProps) {
  const cards = [
    { label: 'Active Tenants', value: stats.active },
    { label: 'Total Tenants', value: stats.total },
    { label: 'Expiring Soon', value: stats.expiringSoon },
    { label: 'Expired', value: stats.expired },
    { label: 'Disabled', value: stats.disabled },
  ];
  return (
    <Box
      component="section"
      aria-label="Tenant statistics"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' }, gap: 2 }}
    >
      {cards.map(({ label, value }) => (
        <Card key={label} component="article" aria-label={label}>
          <CardContent>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700, mt: 0.5 }}>
              {loading ? <Skeleton width={40} /> : value}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
