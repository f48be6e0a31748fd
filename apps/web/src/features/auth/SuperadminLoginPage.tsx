import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { CenteredCardPage } from '../../app/layout/CenteredCardPage';
import { selectCurrentUser, sessionStarted } from '../../app/session';
import { PRODUCT_NAME } from '../../shared/brand/brand';
import { ProductLogo } from '../../shared/brand/ProductLogo';
import { messageOr } from '../../shared/http-errors';
import { useToast } from '../../shared/toast/use-toast';
import { useLoginMutation, useLogoutMutation } from './auth.api';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';

export const SUPERADMIN_DASHBOARD_PATH = '/superadmin/dashboard';
/** Spec §2: the browser moves on about 100 ms after a successful sign-in. */
export const LOGIN_REDIRECT_DELAY_MS = 100;

export function SuperadminLoginPage() {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const [login, { isLoading }] = useLoginMutation();
  const [revokeToken] = useLogoutMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [forgotOpen, setForgotOpen] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  if (user?.role === 'superadmin' && !signedIn) return <Navigate to={SUPERADMIN_DASHBOARD_PATH} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const session = await login({ username: username.trim(), password }).unwrap();
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
    } catch (error) {
      toast({ title: 'Login Failed', description: messageOr(error, 'Invalid credentials'), variant: 'destructive' });
    }
  };

  const busy = isLoading || signedIn;

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
      <Box component="form" onSubmit={submit} aria-label="SuperAdmin sign in">
        <TextField
          label="Username"
          name="username"
          placeholder="Enter username"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          required
          autoFocus
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          placeholder="Enter password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </Box>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component="button" type="button" variant="body2" onClick={() => setForgotOpen(true)}>
          Hai dimenticato la password?
        </Link>
        <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
          SuperAdmin panel for tenant management
        </Typography>
      </Box>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </CenteredCardPage>
  );
}
