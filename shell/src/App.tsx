import { lazy, Suspense, useLayoutEffect } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { removeFirstPaint } from '@forum/landing/first-paint';
import { useSession } from '@forum/sdk';
import { Spinner } from '@forum/ui';
import { SessionBridge } from './auth/SessionBridge';
import { Header } from './header/Header';
import { InviteHost } from './invite/InviteHost';
import { RemoteSlot } from './RemoteSlot';
import { remoteForPath } from './routeTable';
import { TEXTS } from './texts';
import './shell.css';

// Route-level code splitting: the auth, legal and settings pages are chunks of their own.
const LoginPage = lazy(() => import('./pages/LoginPage'));
const RegisterPage = lazy(() => import('./pages/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordPage'));
const TermsPage = lazy(() => import('./pages/TermsPage'));
const PrivacyPage = lazy(() => import('./pages/PrivacyPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const SettingsPage = lazy(() => import('./settings/SettingsPage'));
const VerifyEmailPage = lazy(() => import('./settings/VerifyEmailPage'));

function ShellRoutes() {
  return (
    <Suspense fallback={<Spinner block data-testid="page-loading" />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

/**
 * The landing index.html paints for a visitor's / stands in for the forum's home page only: the
 * home page removes it when it mounts; any other page, or a signed-in user's /, removes it here
 * before it is painted.
 */
function useFirstPaintOnlyForVisitorHome(pathname: string) {
  const { status } = useSession();
  useLayoutEffect(() => {
    if (pathname !== '/' || status === 'signed-in') removeFirstPaint();
  }, [pathname, status]);
}

export default function App() {
  const { pathname } = useLocation();
  const remote = remoteForPath(pathname);
  useFirstPaintOnlyForVisitorHome(pathname);
  return (
    <div className="shell">
      <a className="shell-skip-link" href="#main">
        Skip to content
      </a>
      <SessionBridge />
      <Header />
      <main id="main" tabIndex={-1} className="shell-main" data-testid="app-main">
        {/* Keyed by remote: moving between pages of one remote keeps it mounted. */}
        {remote ? <RemoteSlot key={remote} name={remote} /> : <ShellRoutes />}
      </main>
      <footer className="shell-footer" data-testid="app-footer">
        <nav aria-label="Legal" className="shell-footer__nav">
          <Link to="/terms" data-testid="footer-terms">
            {TEXTS.termsOfService}
          </Link>
          <Link to="/privacy" data-testid="footer-privacy">
            {TEXTS.privacyPolicy}
          </Link>
        </nav>
      </footer>
      <InviteHost />
    </div>
  );
}
