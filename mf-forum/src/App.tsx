import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Spinner } from '@forum/ui';
import './forum.css';

const HomePage = lazy(() => import('./pages/HomePage'));
const Placeholder = lazy(() => import('./pages/Placeholder'));
const NotFound = lazy(() => import('./pages/NotFound'));

/**
 * The forum remote's routes. Rendered inside the shell's BrowserRouter (or the standalone
 * bootstrap's), with absolute paths.
 */
export default function App() {
  return (
    <div className="forum-root" data-testid="remote-forum">
      <Suspense fallback={<Spinner block data-testid="forum-route-loading" />}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/communities" element={<Placeholder title="Communities" />} />
          <Route path="/create-community" element={<Placeholder title="Create a Community" />} />
          <Route path="/communities/create" element={<Placeholder title="Create a Community" />} />
          <Route path="/c/:name" element={<Placeholder title="Community" param="name" />} />
          <Route
            path="/c/:name/settings"
            element={<Placeholder title="Community Settings" param="name" />}
          />
          <Route
            path="/c/:name/create"
            element={<Placeholder title="Create Post" param="name" />}
          />
          <Route path="/post/:id" element={<Placeholder title="Post" param="id" />} />
          <Route path="/saved" element={<Placeholder title="Saved" />} />
          <Route path="/u/:username" element={<Placeholder title="Profile" param="username" />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </div>
  );
}
