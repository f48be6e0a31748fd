import { Navigate, type RouteObject } from 'react-router';
import { SuperadminLoginPage } from '../features/auth/SuperadminLoginPage';
import { CustomersPage } from '../features/customers/CustomersPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { PriceListsPage } from '../features/price-lists/PriceListsPage';
import { ProductsPage } from '../features/products/ProductsPage';
import { ResetPasswordPage } from '../features/reset-password/ResetPasswordPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { SuperadminDashboardPage } from '../features/superadmin/SuperadminDashboardPage';
import { TagsPage } from '../features/tags/TagsPage';
import { AdminOnlyPages } from '../features/tenant/AdminOnlyPages';
import { TenantDashboardPage } from '../features/tenant/TenantDashboardPage';
import { TenantLoginPage } from '../features/tenant/TenantLoginPage';
import { UsersPage } from '../features/users/UsersPage';
import { VatRatesPage } from '../features/vat-rates/VatRatesPage';
import { RouteErrorPage } from './layout/RouteErrorPage';
import { TenantFrame } from './layout/TenantFrame';

/**
 * Spec §2 route table. Static segments outrank `/:keyword`, so `superadmin` and `reset-password` are
 * never taken for an agency; `/{keyword}/<tab of a later step>` falls through to the not-found page.
 * Every tab but quotes is for admins: `AdminOnlyPages` sends a tenant user to quotes (spec §6).
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <Navigate to="/superadmin" replace /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/superadmin', element: <SuperadminLoginPage /> },
      { path: '/superadmin/dashboard', element: <SuperadminDashboardPage /> },
      { path: '/:keyword', element: <TenantLoginPage /> },
      {
        element: <TenantFrame />,
        children: [
          {
            element: <AdminOnlyPages />,
            children: [
              { path: '/:keyword/dashboard', element: <TenantDashboardPage /> },
              { path: '/:keyword/products', element: <ProductsPage /> },
              { path: '/:keyword/customers', element: <CustomersPage /> },
              { path: '/:keyword/price-lists', element: <PriceListsPage /> },
              { path: '/:keyword/vat-rates', element: <VatRatesPage /> },
              { path: '/:keyword/tags', element: <TagsPage /> },
              { path: '/:keyword/users', element: <UsersPage /> },
              { path: '/:keyword/settings', element: <SettingsPage /> },
            ],
          },
          // where tenant users land; until the quotes page exists it shows the frame alone
          { path: '/:keyword/quotes' },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
