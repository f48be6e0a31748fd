import type { TenantPublicView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { CenteredCardPage } from '../../app/layout/CenteredCardPage';
import { FullPageSpinner } from '../../app/layout/FullPageSpinner';
import { selectCurrentUser, sessionCleared, sessionStarted } from '../../app/session';
import { TenantLogo } from '../../shared/brand/TenantLogo';
import { isApiError } from '../../shared/http-errors';
import { useToast } from '../../shared/toast/use-toast';
import { useLoginMutation, useLogoutMutation } from '../auth/auth.api';
import { CredentialsForm, type Credentials } from '../auth/CredentialsForm';
import { useGetTenantByKeywordQuery } from './tenant.api';
import { forgetAgency, rememberAgency } from './remembered-agency';
import { ACCESS_DENIED_TOAST, canOpenTenant, tenantAllowsLogin } from './tenant-access';
import {
  TenantDisabledScreen,
  TenantExpiredScreen,
  TenantNotFoundScreen,
  TenantUnavailableScreen,
} from './TenantStatusScreen';

/** `/{keyword}`: the agency's entry page, where its users and the superadmin sign in. */
export function TenantLoginPage() {
  const { keyword = '' } = useParams();
  const user = useAppSelector(selectCurrentUser);
  // currentData: while another keyword loads, the previous agency is not shown
  const { currentData: tenant, error, isFetching, refetch } = useGetTenantByKeywordQuery(keyword);
  const [signedIn, setSignedIn] = useState(false);
  const unknown = isApiError(error) && error.status === 404;

  // this browser's agency: where "home" leads from another agency's status screen
  useEffect(() => {
    if (tenant) rememberAgency(tenant.keyword);
    else if (unknown) forgetAgency(keyword);
  }, [tenant, unknown, keyword]);

  if (!tenant && isFetching) return <FullPageSpinner label="Loading agency" />;
  if (error) {
    return unknown ? (
      <TenantNotFoundScreen keyword={keyword} />
    ) : (
      <TenantUnavailableScreen keyword={keyword} onRetry={refetch} />
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

  const signIn = async (credentials: Credentials) => {
    const session = await login(credentials).unwrap();
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
      <CredentialsForm ariaLabel="Sign in" busy={isLoading} onSubmit={signIn} />
    </CenteredCardPage>
  );
}
