import { Navigate, Outlet } from 'react-router';
import { useTenantPage } from './tenant-context';

/**
 * A tenant user works only with quotes; the admin pages send them there. The server refuses
 * their writes anyway, this keeps them off screens they cannot use.
 */
export function AdminOnlyPages() {
  const context = useTenantPage();
  if (context.user.role === 'tenant_user') return <Navigate to={`/${context.tenant.keyword}/quotes`} replace />;
  return <Outlet context={context} />;
}
