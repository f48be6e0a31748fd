import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { tenantApi } from '../../features/tenant/tenant.api';
import { isApiError } from '../../shared/http-errors';

export const PRODUCT_NAME = 'Quotebook';

/** What a route says about its page for the browser tab. */
export interface PageTitleHandle {
  /** the screen's name, as its tab or heading shows it */
  title: string;
  /** the page belongs to the agency of its `:keyword`, whose name goes into the title */
  agency?: boolean;
}

function isPageTitleHandle(handle: unknown): handle is PageTitleHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as PageTitleHandle).title === 'string';
}

/** "Products · Agenzia Sole · Quotebook": the screen, then its agency when it has one, then the product. */
export function pageTitle(screen: string | undefined, agency?: string): string {
  return [screen, agency, PRODUCT_NAME].filter(Boolean).join(' · ');
}

/**
 * Names every screen in the browser tab, from the `handle` of the deepest route that has one. The
 * agency's name comes from the lookup by keyword its pages already make; this only reads it.
 */
export function PageTitle() {
  const matches = useMatches();
  const match = matches.findLast((candidate) => isPageTitleHandle(candidate.handle));
  const handle = match?.handle as PageTitleHandle | undefined;
  const keyword = handle?.agency ? match?.params['keyword'] : undefined;
  const { currentData: agency, error } = tenantApi.endpoints.getTenantByKeyword.useQueryState(keyword ?? skipToken);
  const unknownAgency = isApiError(error) && error.status === 404;
  const title = unknownAgency ? pageTitle('Tenant Not Found') : pageTitle(handle?.title, agency?.name);

  useEffect(() => {
    document.title = title;
  }, [title]);

  return <Outlet />;
}
