import { Admin, Resource } from 'react-admin';
import { authProvider } from './auth-provider';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './data-provider';

/**
 * The console's resources (ARCHITECTURE.md, admin/). Registered without views until their
 * issue lands: react-admin renders nothing, not even the dashboard, with no Resource at all,
 * and a Resource with no `list` stays out of the menu. Each will become `{...organizations}`.
 */
const RESOURCES = [
  'organizations',
  'categories',
  'banners',
  'work-email-domains',
  'donations',
  'listings',
  'users',
  'reports',
  'orders',
] as const;

/**
 * The back office, served at /admin/ (vite `base`). react-admin 5 routes with its own hash
 * router, so views live at /admin/#/<resource> and need no server-side fallback; `basename`
 * would only apply inside an app-provided router, which would need react-router-dom as a
 * direct dependency. Sign-in happens on the storefront, so there is no console login page.
 */
export function App() {
  return (
    <Admin
      title="Yardly back office"
      dataProvider={dataProvider}
      authProvider={authProvider}
      dashboard={Dashboard}
      loginPage={false}
      requireAuth
      disableTelemetry
    >
      {RESOURCES.map((name) => (
        <Resource key={name} name={name} />
      ))}
    </Admin>
  );
}
