import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { Spinner } from '@forum/ui';
import { Header } from './Header';
import { RemoteSlot } from './RemoteSlot';
import { remoteForPath } from './routeTable';
import './shell.css';

const LoginPage = lazy(() => import('./pages/LoginPage'));
const RegisterPage = lazy(() => import('./pages/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordPage'));
const TermsPage = lazy(() => import('./pages/TermsPage'));
const PrivacyPage = lazy(() => import('./pages/PrivacyPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

function ShellRoutes() {
  return (
    <Suspense fallback={<Spinner block data-testid="page-loading" />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

export default function App() {
  const { pathname } = useLocation();
  const remote = remoteForPath(pathname);
  return (
    <div className="shell">
      <Header />
      <main className="shell-main" data-testid="app-main">
        {/* Keyed by remote: moving between pages of one remote keeps it mounted. */}
        {remote ? <RemoteSlot key={remote} name={remote} /> : <ShellRoutes />}
      </main>
    </div>
  );
}
