import type { TenantView } from '@quotebook/contracts';
import { useOutletContext } from 'react-router';
import type { SessionUser } from '../../app/session';

/** What the tenant frame hands to every page inside it: the whole agency, loaded after sign-in. */
export interface TenantPageContext {
  tenant: TenantView;
  user: SessionUser;
}

export function useTenantPage(): TenantPageContext {
  return useOutletContext<TenantPageContext>();
}
