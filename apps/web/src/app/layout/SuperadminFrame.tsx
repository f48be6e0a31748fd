import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLogout } from '../../features/auth/use-logout';
import type { SessionUser } from '../session';
import { PageShell } from './PageShell';

export function SuperadminFrame({ user, children }: { user: SessionUser; children: ReactNode }) {
  const { logout, loggingOut } = useLogout();
  const header = (
    <AppBar position="static" color="primary" component="header">
      {/* on a phone the title and the name give way (ellipsis) so that Logout always fits */}
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, px: { xs: 1.5, sm: 3 } }}>
        <AdminPanelSettingsIcon aria-hidden sx={{ display: { xs: 'none', sm: 'block' } }} />
        <Typography
          variant="h6"
          component="p"
          noWrap
          sx={{ fontWeight: 700, letterSpacing: { xs: 0, sm: 1 }, flex: 1, minWidth: 0, fontSize: { xs: '1rem', sm: '1.25rem' } }}
        >
          SUPERADMIN PANEL
        </Typography>
        <Typography variant="body2" aria-label="Signed in as" noWrap sx={{ minWidth: 0, maxWidth: { xs: 96, sm: 240 } }}>
          {user.username || 'Administrator'}
        </Typography>
        <Button
          color="inherit"
          variant="outlined"
          startIcon={<LogoutIcon />}
          disabled={loggingOut}
          onClick={() => logout('/superadmin')}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          Logout
        </Button>
      </Toolbar>
    </AppBar>
  );
  return (
    <PageShell header={header}>
      <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
        <Box>{children}</Box>
      </Container>
    </PageShell>
  );
}
