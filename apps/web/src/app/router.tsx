import { Navigate, type RouteObject } from 'react-router';
import { SuperadminLoginPage } from '../features/auth/SuperadminLoginPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { ResetPasswordPage } from '../features/reset-password/ResetPasswordPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { SuperadminDashboardPage } from '../features/superadmin/SuperadminDashboardPage';
import { TenantDashboardPage } from '../features/tenant/TenantDashboardPage';
import { TenantLoginPage } from '../features/tenant/TenantLoginPage';
import { RouteErrorPage } from './layout/RouteErrorPage';
import { TenantFrame } from './layout/TenantFrame';

/**
 * Spec §2 route table. Static segments outrank `/:keyword`, so `superadmin` and `reset-password` are
 * never taken for an agency; `/{keyword}/<tab of a later step>` falls through to the not-found page.
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
          { path: '/:keyword/dashboard', element: <TenantDashboardPage /> },
          { path: '/:keyword/settings', element: <SettingsPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
