import type { TenantPublicView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { CenteredCardPage } from '../../app/layout/CenteredCardPage';
import { FullPageSpinner } from '../../app/layout/FullPageSpinner';
import { selectCurrentUser, sessionCleared, sessionStarted } from '../../app/session';
import { TenantLogo } from '../../shared/brand/TenantLogo';
import { isApiError, messageOr } from '../../shared/http-errors';
import { useToast } from '../../shared/toast/use-toast';
import { useLoginMutation, useLogoutMutation } from '../auth/auth.api';
import { ForgotPasswordDialog } from '../auth/ForgotPasswordDialog';
import { useGetTenantByKeywordQuery } from './tenant.api';
import { ACCESS_DENIED_TOAST, canOpenTenant, tenantAllowsLogin } from './tenant-access';
import {
  TenantDisabledScreen,
  TenantExpiredScreen,
  TenantNotFoundScreen,
  TenantUnavailableScreen,
} from './TenantStatusScreen';

/** `/{keyword}`: the agency's entry page (spec §2 Tenant login). */
export function TenantLoginPage() {
  const { keyword = '' } = useParams();
  const user = useAppSelector(selectCurrentUser);
  // currentData: while another keyword loads, the previous agency is not shown
  const { currentData: tenant, error, isFetching, refetch } = useGetTenantByKeywordQuery(keyword);
  const [signedIn, setSignedIn] = useState(false);

  if (!tenant && isFetching) return <FullPageSpinner label="Loading agency" />;
  if (error) {
    return isApiError(error) && error.status === 404 ? (
      <TenantNotFoundScreen keyword={keyword} />
    ) : (
      <TenantUnavailableScreen onRetry={refetch} />
    );
  }
  if (!tenant) return <TenantNotFoundScreen keyword={keyword} />;

  if (!signedIn && user?.role === 'superadmin') return <Navigate to="/superadmin/dashboard" replace />;
  if (tenant.status === 'Disabled') return <TenantDisabledScreen tenant={tenant} />;
  if (!tenantAllowsLogin(tenant.status)) return <TenantExpiredScreen tenant={tenant} />;
  if (!signedIn && user && user.tenantId === tenant.id) return <Navigate to={`/${keyword}/dashboard`} replace />;

  return <TenantLoginForm keyword={keyword} tenant={tenant} onSignedIn={() => setSignedIn(true)} />;
}

interface TenantLoginFormProps {
  keyword: string;
  tenant: TenantPublicView;
  onSignedIn: () => void;
}

function TenantLoginForm({ keyword, tenant, onSignedIn }: TenantLoginFormProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const [login, { isLoading }] = useLoginMutation();
  const [revokeToken] = useLogoutMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [forgotOpen, setForgotOpen] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const session = await login({ username: username.trim(), password }).unwrap();
      if (!canOpenTenant(session.user, tenant.id)) {
        // a user of another agency is not let in: its session is dropped here and revoked server-side
        revokeToken({ token: session.token });
        dispatch(sessionCleared());
        toast(ACCESS_DENIED_TOAST);
        return;
      }
      onSignedIn();
      dispatch(sessionStarted(session));
      navigate(`/${keyword}/dashboard`);
    } catch (error) {
      toast({ title: 'Login Failed', description: messageOr(error, 'Invalid credentials'), variant: 'destructive' });
    }
  };

  return (
    <CenteredCardPage>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', mb: 2 }}>
        <TenantLogo name={tenant.name} logoUrl={tenant.logoUrl} size={72} />
        <Typography variant="h1" sx={{ mt: 2 }}>
          {tenant.name}
        </Typography>
        <Typography variant="subtitle1" sx={{ color: 'text.secondary' }}>
          Sign in to your account
        </Typography>
      </Box>
      <Box component="form" onSubmit={submit} aria-label="Sign in">
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
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading} sx={{ mt: 2 }}>
          {isLoading ? 'Signing in...' : 'Sign In'}
        </Button>
      </Box>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component="button" type="button" variant="body2" onClick={() => setForgotOpen(true)}>
          Hai dimenticato la password?
        </Link>
      </Box>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </CenteredCardPage>
  );
}
