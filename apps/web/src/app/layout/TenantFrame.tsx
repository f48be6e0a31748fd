import type { TenantView } from '@quotebook/contracts';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useLogout } from '../../features/auth/use-logout';
import { NotificationsBell } from '../../features/notifications/NotificationsBell';
import { useGetTenantByKeywordQuery, useGetTenantQuery } from '../../features/tenant/tenant.api';
import { ACCESS_DENIED_TOAST, canOpenTenant, tenantAllowsLogin } from '../../features/tenant/tenant-access';
import { rememberAgency } from '../../features/tenant/remembered-agency';
import type { TenantPageContext } from '../../features/tenant/tenant-context';
import { TenantLogo } from '../../shared/brand/TenantLogo';
import { useToast } from '../../shared/toast/use-toast';
import { useAppSelector } from '../hooks';
import { selectCurrentUser, type SessionUser } from '../session';
import { FullPageSpinner } from './FullPageSpinner';
import { tabsFor } from './tenant-tabs';
import { PageShell } from './PageShell';

/**
 * The frame around every `/{keyword}/…` page: finds the agency by its keyword (the public view), sends
 * away whoever may not see it (nobody signed in, or a user of another agency), loads the whole agency with the session, and draws the
 * header and the tabs.
 */
export function TenantFrame() {
  const { keyword = '' } = useParams();
  const user = useAppSelector(selectCurrentUser);
  const { currentData: entry, isFetching, isError } = useGetTenantByKeywordQuery(keyword, { skip: !user });
  const admitted =
    !!user && !!entry && canOpenTenant(user, entry.id) && (user.role === 'superadmin' || tenantAllowsLogin(entry.status));
  const whole = useGetTenantQuery(entry?.id ?? '', { skip: !admitted });
  const tenant = whole.currentData;

  // this browser's agency: where "home" leads from another agency's status screen
  useEffect(() => {
    if (tenant) rememberAgency(tenant.keyword);
  }, [tenant]);

  if (!user) return <Navigate to={`/${keyword}`} replace />;
  if (!entry && isFetching) return <FullPageSpinner label="Loading agency" />;
  // the entry page explains an unknown, disabled or expired agency
  if (isError || !entry) return <Navigate to={`/${keyword}`} replace />;
  if (!canOpenTenant(user, entry.id)) return <AccessDenied to={`/${keyword}`} />;
  if (!admitted) return <Navigate to={`/${keyword}`} replace />;
  if (whole.isError) return <Navigate to={`/${keyword}`} replace />;
  if (!tenant) return <FullPageSpinner label="Loading agency" />;

  const context: TenantPageContext = { tenant, user };
  return (
    <PageShell header={<TenantHeader keyword={keyword} tenant={tenant} user={user} />}>
      <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
        <Outlet context={context} />
      </Container>
    </PageShell>
  );
}

function AccessDenied({ to }: { to: string }) {
  const toast = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    toast(ACCESS_DENIED_TOAST);
    navigate(to, { replace: true });
  }, [toast, navigate, to]);
  return null;
}

interface TenantHeaderProps {
  keyword: string;
  tenant: TenantView;
  user: SessionUser;
}

function TenantHeader({ keyword, tenant, user }: TenantHeaderProps) {
  const { logout, loggingOut } = useLogout();
  const { pathname } = useLocation();
  const tabs = tabsFor(user.role);
  const current = tabs.find((tab) => pathname === `/${keyword}/${tab.segment}`)?.segment ?? false;

  return (
    <AppBar position="static" color="inherit" component="header" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      {/* on a phone the agency's name gives way (ellipsis) and the panel link keeps its icon only */}
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, py: 1, px: { xs: 1.5, sm: 3 } }}>
        <TenantLogo name={tenant.name} logoUrl={tenant.logoUrl} size={40} />
        <Typography variant="h6" component="p" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }} noWrap>
          {tenant.name}
        </Typography>
        {user.role === 'superadmin' && (
          <Button
            component={Link}
            to="/superadmin/dashboard"
            nativeButton={false}
            aria-label="SuperAdmin Panel"
            sx={{ flexShrink: 0, minWidth: 0, whiteSpace: 'nowrap' }}
          >
            <AdminPanelSettingsIcon fontSize="small" sx={{ mr: { xs: 0, sm: 1 } }} />
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              SuperAdmin Panel
            </Box>
          </Button>
        )}
        {/* the customers' answers reach the people of the agency; a superadmin visiting has none */}
        {user.role !== 'superadmin' && <NotificationsBell tenantId={tenant.id} keyword={keyword} />}
        <Typography variant="body2" sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}>
          {`Ciao, ${user.name || 'Utente'}`}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<LogoutIcon />}
          disabled={loggingOut}
          onClick={() => logout(`/${keyword}`)}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          Logout
        </Button>
      </Toolbar>
      {tabs.length > 0 && (
        <Box sx={{ px: 2 }}>
          <Tabs value={current} aria-label="Sections" variant="scrollable" scrollButtons="auto">
            {tabs.map((tab) => (
              <Tab
                key={tab.segment}
                value={tab.segment}
                label={tab.label}
                component={Link}
                to={`/${keyword}/${tab.segment}`}
                nativeButton={false}
              />
            ))}
          </Tabs>
        </Box>
      )}
    </AppBar>
  );
}
