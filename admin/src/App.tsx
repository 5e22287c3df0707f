import { CssBaseline } from '@mui/material';
import type { ReactNode } from 'react';
import {
  AccessDenied,
  AdminContext,
  AuthCallback,
  AuthenticationError,
  CoreAdminUI,
  Error as ErrorPage,
  LoadingPage,
  localStorageStore,
  NotFound,
  Notification,
  Resource,
} from 'react-admin';
import auditLog from './audit-log';
import { authProvider } from './auth-provider';
import b2b from './b2b';
import banners from './banners';
import cardRefunds from './card-refunds';
import categories from './categories';
import conversations from './conversations';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './data-provider';
import { donationQueue, processDonations } from './donations';
import { employeeBenefitReport, employeeBenefits } from './employee-benefit';
import { DONATION_ENABLED } from './features';
import foreignPayouts from './foreign-payouts';
import jobs from './jobs';
import { Layout } from './layout/Layout';
import { theme } from './layout/theme';
import listings from './listings';
import { i18nProvider } from './notifications';
import orders from './orders';
import organizations from './organizations';
import payouts from './payouts';
import promotions from './promotions';
import referralFarming from './referral-farming';
import rentalProperties from './rental-properties';
import rentalReports from './rental-reports';
import rentals from './rentals';
import reports from './reports';
import returns from './returns';
import reviews from './reviews';
import rewards from './rewards';
import users from './users';
import workEmailDomains from './work-email-domains';

/**
 * The back office, served at /admin/ (vite `base`). react-admin 5 routes with its own hash
 * router, so views live at /admin/#/<resource> and need no server-side fallback. Sign-in
 * happens on the storefront, so there is no console login page. Each resource's views load
 * lazily; the menu and the routes follow the role matrix through authProvider.canAccess.
 */
export function App() {
  return (
    <ConsoleShell>
      <Resource name="listings" {...listings} />
      <Resource name="reports" {...reports} />
      <Resource name="rentals" {...rentals} />
      <Resource name="rental-reports" {...rentalReports} />
      <Resource name="rental-properties" {...rentalProperties} />
      <Resource name="conversations" {...conversations} />
      <Resource name="categories" {...categories} />
      <Resource name="banners" {...banners} />
      <Resource name="organizations" {...organizations} />
      <Resource name="work-email-domains" {...workEmailDomains} />
      {/* Issue 23: the B2B organisations' marketplaces and employee benefits. */}
      <Resource name="b2b" {...b2b} />
      <Resource name="employee-benefit" {...employeeBenefits} />
      <Resource name="employee-benefit-report" {...employeeBenefitReport} />
      <Resource name="users" {...users} />
      <Resource name="orders" {...orders} />
      <Resource name="payouts" {...payouts} />
      <Resource name="foreign-payouts" {...foreignPayouts} />
      <Resource name="card-refunds" {...cardRefunds} />
      <Resource name="reviews" {...reviews} />
      <Resource name="returns" {...returns} />
      <Resource name="rewards" {...rewards} />
      <Resource name="promotions" {...promotions} />
      <Resource name="referral-farming" {...referralFarming} />
      <Resource name="audit-log" {...auditLog} />
      <Resource name="jobs" {...jobs} />
      {/* The donation resources exist only in a build with the donation flag on (spec section 2). */}
      {DONATION_ENABLED && <Resource name="donations" {...donationQueue} />}
      {DONATION_ENABLED && <Resource name="process-donations" {...processDonations} />}
    </ConsoleShell>
  );
}

const store = localStorageStore();

/** react-admin's page for an unknown address (its `title` prop does not fit CoreAdminUI's catch-all). */
function PageNotFound() {
  return <NotFound />;
}

/**
 * react-admin's `<Admin>` (AdminContext around AdminUI) with the console's providers, minus the
 * login page: AdminUI keeps react-admin's `Login` as its default even when `loginPage` is false,
 * and that form brings the forms library into the first load (docs/decisions/0055).
 */
function ConsoleShell({ children }: { children: ReactNode }) {
  return (
    <AdminContext
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          title="Yardly back office"
          dashboard={Dashboard}
          layout={Layout}
          loginPage={false}
          requireAuth
          disableTelemetry
          accessDenied={AccessDenied}
          authCallbackPage={AuthCallback}
          authenticationError={AuthenticationError}
          catchAll={PageNotFound}
          error={ErrorPage}
          loading={LoadingPage}
        >
          {children}
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
