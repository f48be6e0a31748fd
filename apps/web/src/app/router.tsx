import { Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { FullPageSpinner } from './layout/FullPageSpinner';
import { PageTitle, type PageTitleHandle } from './layout/PageTitle';
import { RouteErrorPage } from './layout/RouteErrorPage';
import { TENANT_PAGES, TENANT_TABS } from './layout/tenant-tabs';

const tabTitle = (segment: string): PageTitleHandle => ({
  title: [...TENANT_TABS, ...TENANT_PAGES].find((page) => page.segment === segment)?.label ?? segment,
  agency: true,
});

/**
 * The route table. Static segments outrank `/:keyword`, so `superadmin` and `reset-password` are
 * never taken for an agency; `/{keyword}/<tab of a later step>` falls through to the not-found page.
 * Every tab but quotes (and the calendar page) is for admins: `AdminOnlyPages` sends a tenant user to quotes, except from
 * description templates, whose page tells them it is for admins.
 *
 * Each page is its own chunk, loaded when its route matches: the first screen downloads the app
 * shell and that one page, not every page of the product. A page's `handle` names it in the
 * browser tab (see PageTitle).
 */
export const routes: RouteObject[] = [
  {
    element: <PageTitle />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { path: '/', element: <Navigate to="/superadmin" replace /> },
      {
        path: '/reset-password',
        handle: { title: 'Reimposta Password' } satisfies PageTitleHandle,
        lazy: () => import('../features/reset-password/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: '/superadmin',
        handle: { title: 'SuperAdmin Access' } satisfies PageTitleHandle,
        lazy: () => import('../features/auth/SuperadminLoginPage').then((m) => ({ Component: m.SuperadminLoginPage })),
      },
      {
        path: '/superadmin/dashboard',
        handle: { title: 'Tenant Management' } satisfies PageTitleHandle,
        lazy: () =>
          import('../features/superadmin/SuperadminDashboardPage').then((m) => ({ Component: m.SuperadminDashboardPage })),
      },
      // a customer's quote link, outside the signed-in frames (a keyword has at least 2 characters: `q` is no agency)
      {
        path: '/q/:token',
        handle: { title: 'Preventivo' } satisfies PageTitleHandle,
        lazy: () => import('../features/public-quote/PublicQuotePage').then((m) => ({ Component: m.PublicQuotePage })),
      },
      {
        path: '/:keyword',
        handle: { title: 'Sign In', agency: true } satisfies PageTitleHandle,
        lazy: () => import('../features/tenant/TenantLoginPage').then((m) => ({ Component: m.TenantLoginPage })),
      },
      {
        lazy: () => import('./layout/TenantFrame').then((m) => ({ Component: m.TenantFrame })),
        children: [
          {
            lazy: () => import('../features/tenant/AdminOnlyPages').then((m) => ({ Component: m.AdminOnlyPages })),
            children: [
              {
                path: '/:keyword/dashboard',
                handle: tabTitle('dashboard'),
                lazy: () => import('../features/tenant/TenantDashboardPage').then((m) => ({ Component: m.TenantDashboardPage })),
              },
              {
                path: '/:keyword/reports',
                handle: tabTitle('reports'),
                lazy: () => import('../features/reports/ReportsPage').then((m) => ({ Component: m.ReportsPage })),
              },
              {
                path: '/:keyword/products',
                handle: tabTitle('products'),
                lazy: () => import('../features/products/ProductsPage').then((m) => ({ Component: m.ProductsPage })),
              },
              {
                path: '/:keyword/customers',
                handle: tabTitle('customers'),
                lazy: () => import('../features/customers/CustomersPage').then((m) => ({ Component: m.CustomersPage })),
              },
              {
                path: '/:keyword/price-lists',
                handle: tabTitle('price-lists'),
                lazy: () => import('../features/price-lists/PriceListsPage').then((m) => ({ Component: m.PriceListsPage })),
              },
              {
                path: '/:keyword/vat-rates',
                handle: tabTitle('vat-rates'),
                lazy: () => import('../features/vat-rates/VatRatesPage').then((m) => ({ Component: m.VatRatesPage })),
              },
              {
                path: '/:keyword/tags',
                handle: tabTitle('tags'),
                lazy: () => import('../features/tags/TagsPage').then((m) => ({ Component: m.TagsPage })),
              },
              {
                path: '/:keyword/users',
                handle: tabTitle('users'),
                lazy: () => import('../features/users/UsersPage').then((m) => ({ Component: m.UsersPage })),
              },
              {
                path: '/:keyword/settings',
                handle: tabTitle('settings'),
                lazy: () => import('../features/settings/SettingsPage').then((m) => ({ Component: m.SettingsPage })),
              },
              {
                path: '/:keyword/webhooks',
                handle: tabTitle('webhooks'),
                lazy: () => import('../features/webhooks/WebhooksPage').then((m) => ({ Component: m.WebhooksPage })),
              },
            ],
          },
          // every role of the agency works with quotes; tenant users land here
          {
            path: '/:keyword/quotes',
            handle: tabTitle('quotes'),
            lazy: () => import('../features/quotes/QuotesPage').then((m) => ({ Component: m.QuotesPage })),
          },
          // the booked services: a tenant user plans them too
          {
            path: '/:keyword/calendar',
            handle: tabTitle('calendar'),
            lazy: () => import('../features/calendar/CalendarPage').then((m) => ({ Component: m.CalendarPage })),
          },
          // for admins: the page itself tells anyone else they may not manage templates
          {
            path: '/:keyword/quote-templates',
            handle: tabTitle('quote-templates'),
            lazy: () => import('../features/templates/TemplatesPage').then((m) => ({ Component: m.TemplatesPage })),
          },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: { title: 'Page Not Found' } satisfies PageTitleHandle },
    ],
  },
];
