import type { TenantPublicView } from '@quotebook/contracts';
import { useOutletContext } from 'react-router';
import type { SessionUser } from '../../app/session';

/** What the tenant frame hands to every page inside it. */
export interface TenantPageContext {
  tenant: TenantPublicView;
  user: SessionUser;
}

export function useTenantPage(): TenantPageContext {
  return useOutletContext<TenantPageContext>();
}
