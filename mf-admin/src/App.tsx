import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useSession } from '@forum/sdk';
import { EmptyState, Spinner } from '@forum/ui';
import { TEXTS } from './texts';
import './admin.css';

// The dashboard (and its data layer) is a chunk of its own; the chart inside it is another.
const AdminDashboard = lazy(() =>
  import('./components/AdminDashboard').then((m) => ({ default: m.AdminDashboard })),
);

/**
 * Spec §6: only the admin (the token's is_admin: username equals ADMIN_USERNAME) sees the
 * dashboard; everyone else, signed out included, is sent to /. The server enforces it anyway.
 */
function AdminRoute() {
  const { status, user } = useSession();
  if (status === 'loading') {
    return <Spinner block label="Loading" data-testid="admin-session-loading" />;
  }
  if (status !== 'signed-in' || !user?.is_admin) return <Navigate to="/" replace />;
  return (
    <Suspense fallback={<Spinner block label="Loading admin data" data-testid="admin-loading" />}>
      <AdminDashboard />
    </Suspense>
  );
}

function NotFound() {
  return (
    <EmptyState
      title={TEXTS.pageNotFound}
      message={TEXTS.pageNotFoundText}
      data-testid="not-found"
    />
  );
}

/** The admin remote's routes (absolute paths, inside the host's router). */
export default function App() {
  return (
    <div className="admin-root" data-testid="remote-admin">
      <Routes>
        <Route path="/admin" element={<AdminRoute />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
