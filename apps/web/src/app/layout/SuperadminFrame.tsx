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
      <Toolbar sx={{ gap: 2 }}>
        <AdminPanelSettingsIcon aria-hidden />
        <Typography variant="h6" component="p" sx={{ fontWeight: 700, letterSpacing: 1, flex: 1 }}>
          SUPERADMIN PANEL
        </Typography>
        <Typography variant="body2" aria-label="Signed in as">
          {user.username || 'Administrator'}
        </Typography>
        <Button
          color="inherit"
          variant="outlined"
          startIcon={<LogoutIcon />}
          disabled={loggingOut}
          onClick={() => logout('/superadmin')}
        >
          Logout
        </Button>
      </Toolbar>
    </AppBar>
  );
  return (
    <PageShell header={header}>
      <Container maxWidth="lg" sx={{ py: 4 }}>
        <Box>{children}</Box>
      </Container>
    </PageShell>
  );
}
