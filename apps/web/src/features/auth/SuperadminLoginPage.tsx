import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { CenteredCardPage } from '../../app/layout/CenteredCardPage';
import { selectCurrentUser, sessionStarted } from '../../app/session';
import { PRODUCT_NAME } from '../../shared/brand/brand';
import { ProductLogo } from '../../shared/brand/ProductLogo';
import { useToast } from '../../shared/toast/use-toast';
import { useLoginMutation, useLogoutMutation } from './auth.api';
import { CredentialsForm, type Credentials } from './CredentialsForm';

export const SUPERADMIN_DASHBOARD_PATH = '/superadmin/dashboard';
/** The browser moves on about 100 ms after a successful sign-in. */
export const LOGIN_REDIRECT_DELAY_MS = 100;

export function SuperadminLoginPage() {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const [login, { isLoading }] = useLoginMutation();
  const [revokeToken] = useLogoutMutation();
  const [signedIn, setSignedIn] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  if (user?.role === 'superadmin' && !signedIn) return <Navigate to={SUPERADMIN_DASHBOARD_PATH} replace />;

  const signIn = async (credentials: Credentials) => {
    const session = await login(credentials).unwrap();
    if (session.user.role !== 'superadmin') {
      // agency users sign in at their agency's address; their token is not kept here
      revokeToken({ token: session.token });
      toast({
        title: 'Access Denied',
        description: 'This panel is for the platform administrator. Please sign in from your agency address.',
        variant: 'destructive',
      });
      return;
    }
    setSignedIn(true);
    dispatch(sessionStarted(session));
    redirectTimer.current = setTimeout(() => navigate(SUPERADMIN_DASHBOARD_PATH), LOGIN_REDIRECT_DELAY_MS);
  };

  return (
    <CenteredCardPage>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', mb: 2 }}>
        <ProductLogo />
        <Typography variant="h1" sx={{ mt: 2 }}>
          {PRODUCT_NAME}
        </Typography>
        <Typography variant="subtitle1" sx={{ color: 'text.secondary' }}>
          SuperAdmin Access
        </Typography>
      </Box>
      <CredentialsForm
        ariaLabel="SuperAdmin sign in"
        busy={isLoading || signedIn}
        onSubmit={signIn}
        footnote={
          <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
            SuperAdmin panel for tenant management
          </Typography>
        }
      />
    </CenteredCardPage>
  );
}
