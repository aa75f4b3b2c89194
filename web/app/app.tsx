import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { NarrowWindowGuard } from '../components/ui/narrow-window-guard';
import { commonStrings } from '../config/strings';
import { useProductName } from '../lib/public-config';
import { peekSignOutReason } from '../lib/session-storage';
import { useSession } from '../lib/session';
import { afterLogIn, paths } from './paths';
import { AppProviders } from './providers';
import { HomeScreen } from './routes/load-home';
import LoginRoute from './routes/login';
import { withQueries } from './with-queries';

// Only the log-in screen is in the first load; the other screens (and what only they need, the data
// cache among it) load on use.
const ForgotPasswordRoute = lazy(withQueries(() => import('./routes/forgot-password')));
const ResetPasswordRoute = lazy(withQueries(() => import('./routes/reset-password')));
const UserRegistrationRoute = lazy(withQueries(() => import('./routes/user-registration')));
const UnsubscribeRoute = lazy(withQueries(() => import('./routes/unsubscribe')));
const WorkOrderRoute = lazy(withQueries(() => import('./routes/work-order')));
const EquipmentRoute = lazy(withQueries(() => import('./routes/equipment')));
const InvoiceRoute = lazy(withQueries(() => import('./routes/invoice')));
const EnergyEstimatesRoute = lazy(withQueries(() => import('./routes/energy-estimates')));
const EnergySummaryRoute = lazy(withQueries(() => import('./routes/energy-summary')));

/**
 * Signed out: to Log In, which returns to this address once signed in (a bookmark, a mailed link,
 * a session that ended); after the user's own Log out, Log In starts afresh at /home.
 */
function SignedInOnly({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const fresh = returnTo === paths.home || peekSignOutReason() === 'loggedOut';
  return session ? children : <Navigate to={paths.login} replace state={fresh ? null : { returnTo }} />;
}

/** Signed in: to /home, or to the address Log In was asked to return to (see SignedInOnly). */
function SignedOutOnly({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const state = useLocation().state as { returnTo?: unknown } | null;
  return session ? <Navigate to={afterLogIn(state?.returnTo)} replace /> : children;
}

/** A signed-in screen whose code loads on use. */
const signedInLazy = (screen: ReactNode) => (
  <SignedInOnly>
    <Suspense fallback={null}>{screen}</Suspense>
  </SignedInOnly>
);

function Fallback() {
  const { session } = useSession();
  return <Navigate to={session ? paths.home : paths.login} replace />;
}

function DocumentTitle() {
  const product = useProductName();
  useEffect(() => {
    if (product) document.title = commonStrings.footerReporting(product);
  }, [product]);
  return null;
}

function AppRoutes() {
  return (
    <Routes>
      <Route
        path={paths.login}
        element={
          <SignedOutOnly>
            <LoginRoute />
          </SignedOutOnly>
        }
      />
      <Route
        path={`${paths.home}/:reportId?`}
        element={
          <SignedInOnly>
            <HomeScreen />
          </SignedInOnly>
        }
      />
      <Route
        path="/work-orders/:workOrderId"
        element={signedInLazy(<WorkOrderRoute />)}
      />
      <Route
        path="/equipment/:assetId"
        element={signedInLazy(<EquipmentRoute />)}
      />
      <Route
        path="/invoices/:invoiceId"
        element={signedInLazy(<InvoiceRoute />)}
      />
      <Route path={paths.forgotPassword} element={<Suspense fallback={null}><ForgotPasswordRoute /></Suspense>} />
      <Route path={paths.resetPassword} element={<Suspense fallback={null}><ResetPasswordRoute /></Suspense>} />
      <Route path={paths.registration} element={<Suspense fallback={null}><UserRegistrationRoute /></Suspense>} />
      <Route path={paths.unsubscribe} element={<Suspense fallback={null}><UnsubscribeRoute /></Suspense>} />
      <Route
        path={paths.estimates}
        element={signedInLazy(<EnergyEstimatesRoute />)}
      />
      <Route
        path="/energy-summary/:customerId"
        element={signedInLazy(<EnergySummaryRoute />)}
      />
      <Route path="*" element={<Fallback />} />
    </Routes>
  );
}

/** The web app's root: providers, the narrow-window rule and the routes of spec section 2. */
export function App() {
  return (
    <AppProviders>
      <DocumentTitle />
      <BrowserRouter>
        <NarrowWindowGuard>
          <AppRoutes />
        </NarrowWindowGuard>
      </BrowserRouter>
    </AppProviders>
  );
}
