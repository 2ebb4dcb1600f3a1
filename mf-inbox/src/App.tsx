import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { EmptyState, Spinner } from '@forum/ui';
import { TEXTS } from './texts';
import './inbox.css';

// Route-level chunks: the list/conversation screen and the new-message form load on their own.
const InboxPage = lazy(() => import('./pages/InboxPage'));
const NewMessagePage = lazy(() => import('./pages/NewMessagePage'));

function NotFound() {
  return (
    <EmptyState
      title={TEXTS.pageNotFound}
      message={TEXTS.pageNotFoundText}
      data-testid="not-found"
    />
  );
}

/** The inbox remote's routes (absolute paths, inside the host's router). */
export default function App() {
  return (
    <div className="inbox-root" data-testid="remote-inbox">
      <Suspense fallback={<Spinner block label="Loading" data-testid="inbox-route-loading" />}>
        <Routes>
          <Route path="/inbox" element={<InboxPage />} />
          <Route path="/inbox/new" element={<NewMessagePage />} />
          <Route path="/inbox/:conversationId" element={<InboxPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </div>
  );
}
