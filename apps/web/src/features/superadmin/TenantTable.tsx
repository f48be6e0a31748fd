import type { TenantView } from '@quotebook/contracts';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { TenantLogo } from '../../shared/brand/TenantLogo';
import { formatDate, languageLabel } from '../../shared/formatters';
import { DataTable } from '../../shared/page/DataTable';
import { usePhone } from '../../shared/use-phone';
import { TenantStatusChip } from './TenantStatusChip';

export const NO_TENANTS_TEXT = 'No tenants found. Create your first tenant to get started.';

interface TenantTableProps {
  tenants: TenantView[];
  loading: boolean;
  onEdit: (tenant: TenantView) => void;
  onDelete: (tenant: TenantView) => void;
}

const COLUMNS = ['Tenant', 'Keyword', 'Languages', 'Expiry', 'Status', 'Actions'];
/** On a phone: what tells the agencies apart and the actions, all on screen without scrolling. */
const PHONE_COLUMNS = ['Tenant', 'Keyword', 'Status', 'Actions'];

export function TenantTable({ tenants, loading, onEdit, onDelete }: TenantTableProps) {
  const phone = usePhone();
  return (
    <DataTable
      label="Tenants"
      columns={phone ? PHONE_COLUMNS : COLUMNS}
      loading={loading}
      empty={
        tenants.length === 0 && (
          <Typography align="center" sx={{ py: 4, color: 'text.secondary' }}>
            {NO_TENANTS_TEXT}
          </Typography>
        )
      }
    >
      {tenants.map((tenant) => (
        <TableRow key={tenant.id} hover>
          <TableCell>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              {!phone && <TenantLogo name={tenant.name} logoUrl={tenant.logoUrl} size={32} />}
              <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {tenant.name}
                </Typography>
                {tenant.companyName && (
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {tenant.companyName}
                  </Typography>
                )}
              </Box>
            </Box>
          </TableCell>
          <TableCell>
            <Link component={RouterLink} to={`/${tenant.keyword}/dashboard`} underline="hover">
              {tenant.keyword}
            </Link>
          </TableCell>
          {!phone && (
            <TableCell>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {tenant.languages.map((code) => (
                  <Tooltip key={code} title={languageLabel(code)}>
                    <Chip size="small" variant="outlined" label={code.toUpperCase()} />
                  </Tooltip>
                ))}
              </Box>
            </TableCell>
          )}
          {!phone && <TableCell>{formatDate(tenant.expiryDate) || '—'}</TableCell>}
          <TableCell>
            <TenantStatusChip status={tenant.status} />
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            <Tooltip title="Edit">
              <IconButton aria-label="Edit" onClick={() => onEdit(tenant)}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton aria-label="Delete" color="error" onClick={() => onDelete(tenant)}>
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}
