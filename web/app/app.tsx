import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { NarrowWindowGuard } from '../components/ui/narrow-window-guard';
import { useProductName } from '../lib/public-config';
import { useSession } from '../lib/session';
import { paths } from './paths';
import { AppProviders } from './providers';
import ForgotPasswordRoute from './routes/forgot-password';
import LoginRoute from './routes/login';
import ResetPasswordRoute from './routes/reset-password';
import UserRegistrationRoute from './routes/user-registration';

// The home screen (and everything only it needs) is split out of the log-in route's first load.
const HomeRoute = lazy(() => import('./routes/home'));

function SignedInOnly({ children }: { children: ReactNode }) {
  const { session } = useSession();
  return session ? children : <Navigate to={paths.login} replace />;
}

function SignedOutOnly({ children }: { children: ReactNode }) {
  const { session } = useSession();
  return session ? <Navigate to={paths.home} replace /> : children;
}

function Fallback() {
  const { session } = useSession();
  return <Navigate to={session ? paths.home : paths.login} replace />;
}

function DocumentTitle() {
  const product = useProductName();
  useEffect(() => {
    if (product) document.title = `${product} Reporting`;
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
        path={paths.home}
        element={
          <SignedInOnly>
            <Suspense fallback={null}>
              <HomeRoute />
            </Suspense>
          </SignedInOnly>
        }
      />
      <Route path={paths.forgotPassword} element={<ForgotPasswordRoute />} />
      <Route path={paths.resetPassword} element={<ResetPasswordRoute />} />
      <Route path={paths.registration} element={<UserRegistrationRoute />} />
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
