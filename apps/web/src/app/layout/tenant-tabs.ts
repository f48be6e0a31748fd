import type { SessionUser } from '../session';

/** The tabs in the order the frame shows them. */
export const TENANT_TABS: ReadonlyArray<{ segment: string; label: string; adminOnly: boolean }> = [
  { segment: 'dashboard', label: 'Dashboard', adminOnly: true },
  { segment: 'products', label: 'Products', adminOnly: true },
  { segment: 'customers', label: 'Customers', adminOnly: true },
  { segment: 'quotes', label: 'Quotes', adminOnly: false },
  { segment: 'price-lists', label: 'Price Lists', adminOnly: true },
  { segment: 'vat-rates', label: 'VAT Rates', adminOnly: true },
  { segment: 'quote-templates', label: 'Template Descrizioni', adminOnly: true },
  { segment: 'tags', label: 'Tags', adminOnly: true },
  { segment: 'users', label: 'Users', adminOnly: true },
  { segment: 'settings', label: 'Impostazioni', adminOnly: true },
  { segment: 'webhooks', label: 'Webhooks', adminOnly: true },
];

/** The tabs a role sees: a tenant user works with quotes only and sees none of the admin ones. */
export function tabsFor(role: SessionUser['role']) {
  return TENANT_TABS.filter((tab) => role !== 'tenant_user' || !tab.adminOnly);
}

/**
 * Pages of an agency that are no tab: reached from a page (the dashboard's "View Reports", the
 * quotes page's "Calendario"), framed with the tabs unchanged.
 */
export const TENANT_PAGES: ReadonlyArray<{ segment: string; label: string }> = [
  { segment: 'reports', label: 'Reports' },
  { segment: 'calendar', label: 'Calendario' },
];
