import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import PersonAddAltIcon from '@mui/icons-material/PersonAddAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, languageLabel } from '../../shared/formatters';
import { useListCustomersQuery } from '../customers/customers.api';
import { useListProductsQuery } from '../products/products.api';
import { useTenantPage } from './tenant-context';

/** A figure that is still loading, or could not be read, shows so instead of a wrong number. */
interface CountQuery {
  data?: readonly unknown[];
  isLoading: boolean;
  isError: boolean;
}

function StatCard({ label, icon, query }: { label: string; icon: ReactNode; query: CountQuery }) {
  let value: ReactNode = query.data?.length ?? '—';
  if (query.isLoading) value = <Skeleton width={40} />;
  else if (query.isError) value = '—';
  return (
    <Card component="article" aria-label={label}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Box>
          <Typography variant="body2" component="h3" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700, mt: 0.5 }}>
            {value}
          </Typography>
          {query.isError && (
            <Typography variant="caption" sx={{ color: 'error.main' }}>
              Could not be loaded
            </Typography>
          )}
        </Box>
        <Box sx={{ color: 'text.secondary', display: 'flex' }} aria-hidden>
          {icon}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * `/{keyword}/dashboard`: the catalogue's figures and the quick actions that need no quotes. The
 * figures come from the two lists the products and customers pages read (one call each, whatever the
 * number of rows), so opening those pages afterwards costs nothing more.
 */
export function TenantDashboardPage() {
  const { tenant } = useTenantPage();
  const products = useListProductsQuery(tenant.id);
  const customers = useListCustomersQuery(tenant.id);

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

      <Box
        component="section"
        aria-label="Figures"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}
      >
        <StatCard label="Active Products" icon={<Inventory2OutlinedIcon fontSize="large" />} query={products} />
        <StatCard label="Total Customers" icon={<PeopleAltOutlinedIcon fontSize="large" />} query={customers} />
      </Box>

      <Card component="section" aria-labelledby="quick-actions">
        <CardContent>
          <Typography id="quick-actions" variant="h2" sx={{ mb: 2 }}>
            Quick Actions
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 1.5 }}>
            <Button
              component={Link}
              to={`/${tenant.keyword}/customers`}
              nativeButton={false}
              variant="outlined"
              startIcon={<PersonAddAltIcon />}
            >
              Add Customer
            </Button>
            <Button
              component={Link}
              to={`/${tenant.keyword}/products`}
              nativeButton={false}
              variant="outlined"
              startIcon={<AddBusinessIcon />}
            >
              Add Product
            </Button>
            {/* listed as the product lists it, with nothing behind it yet */}
            <Button variant="outlined" startIcon={<AssessmentOutlinedIcon />} disabled aria-describedby="reports-soon">
              View Reports
            </Button>
          </Box>
          <Typography id="reports-soon" variant="caption" sx={{ display: 'block', mt: 1, color: 'text.secondary' }}>
            Reports are not available yet.
          </Typography>
        </CardContent>
      </Card>

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
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
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
