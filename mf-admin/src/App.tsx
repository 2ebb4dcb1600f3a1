import { Route, Routes } from 'react-router-dom';
import { Card, EmptyState } from '@forum/ui';
import './admin.css';

function AdminPlaceholder() {
  return (
    <Card className="admin-page" data-testid="admin-page">
      <h1 className="admin-page__title">Admin Dashboard</h1>
      <p className="admin-page__text">Overview, Users and Communities are coming soon.</p>
    </Card>
  );
}

function NotFound() {
  return (
    <EmptyState
      title="Page not found"
      message="The page you are looking for does not exist."
      data-testid="not-found"
    />
  );
}

/** The admin remote's routes (absolute paths, inside the host's router). */
export default function App() {
  return (
    <div className="admin-root" data-testid="remote-admin">
      <Routes>
        <Route path="/admin" element={<AdminPlaceholder />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
