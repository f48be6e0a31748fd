import type { TenantPublicView } from '@quotebook/contracts';
import BlockIcon from '@mui/icons-material/Block';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { CenteredCardPage } from '../../app/layout/CenteredCardPage';
import { AUTH_MESSAGES } from '@quotebook/domain';
import { formatDate } from '../../shared/formatters';
import { homePathFrom } from './remembered-agency';

interface StatusCardProps {
  /** the address the visitor opened */
  keyword: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}

function StatusCard({ keyword, icon, title, children }: StatusCardProps) {
  const navigate = useNavigate();
  return (
    <CenteredCardPage>
      <Box sx={{ textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
        {icon}
        <Typography variant="h1">{title}</Typography>
        {children}
        <Button variant="contained" onClick={() => navigate(homePathFrom(keyword))} sx={{ mt: 1 }}>
          Go to Homepage
        </Button>
      </Box>
    </CenteredCardPage>
  );
}

export function TenantNotFoundScreen({ keyword }: { keyword: string }) {
  return (
    <StatusCard keyword={keyword} icon={<SearchOffIcon color="action" sx={{ fontSize: 56 }} />} title="Tenant Not Found">
      {/* the heading already says 'Tenant not found'; a second copy would only repeat it */}
      <Typography sx={{ color: 'text.secondary' }}>
        {`No agency uses the address "/${keyword}". Please check the link you were given.`}
      </Typography>
    </StatusCard>
  );
}

export function TenantDisabledScreen({ tenant }: { tenant: TenantPublicView }) {
  return (
    <StatusCard keyword={tenant.keyword} icon={<BlockIcon color="action" sx={{ fontSize: 56 }} />} title="Tenant Disabled">
      <Typography sx={{ fontWeight: 600 }}>{tenant.name}</Typography>
      <Typography sx={{ color: 'text.secondary' }}>{AUTH_MESSAGES.tenantDisabled}</Typography>
    </StatusCard>
  );
}

export function TenantExpiredScreen({ tenant }: { tenant: TenantPublicView }) {
  return (
    <StatusCard keyword={tenant.keyword} icon={<EventBusyIcon color="action" sx={{ fontSize: 56 }} />} title="Tenant Expired">
      <Typography sx={{ fontWeight: 600 }}>{tenant.name}</Typography>
      <Typography sx={{ color: 'text.secondary' }}>{AUTH_MESSAGES.tenantExpired}</Typography>
      <Typography>{`Expiry date: ${formatDate(tenant.expiryDate)}`}</Typography>
    </StatusCard>
  );
}

export function TenantUnavailableScreen({ keyword, onRetry }: { keyword: string; onRetry: () => void }) {
  return (
    <StatusCard keyword={keyword} icon={<SearchOffIcon color="action" sx={{ fontSize: 56 }} />} title="Tenant Unavailable">
      <Typography sx={{ color: 'text.secondary' }}>The agency could not be loaded. Please try again.</Typography>
      <Button onClick={onRetry}>Try again</Button>
    </StatusCard>
  );
}
