import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PostListSkeleton } from './components/PostCard';
import { ToastProvider } from './components/Toast';
import { preloadVisitorHome } from './lib/visitorHome';
import './forum.css';

// Route-level code splitting: each page is a chunk of its own.
const loadHomePage = () => import('./pages/HomePage');
const HomePage = lazy(loadHomePage);
// Opened at /, the home page's chunk and a visitor's list start loading with this module, in
// parallel, instead of one after the other after the first render (a first visit's largest
// paint is the list).
if (typeof window !== 'undefined' && window.location.pathname === '/') {
  void loadHomePage();
  preloadVisitorHome();
}
const CommunitiesPage = lazy(() => import('./pages/CommunitiesPage'));
const CreateCommunityPage = lazy(() => import('./pages/CreateCommunityPage'));
const CommunityPage = lazy(() => import('./pages/CommunityPage'));
const CommunitySettingsPage = lazy(() => import('./pages/CommunitySettingsPage'));
const CreatePostPage = lazy(() => import('./pages/CreatePostPage'));
const PostDetailPage = lazy(() => import('./pages/PostDetailPage'));
const SavedPage = lazy(() => import('./pages/SavedPage'));
const ProfilePage = lazy(() => import('./pages/ProfilePage'));
const CommunityModlogPage = lazy(() => import('./pages/CommunityModlogPage'));
const ElectionsPage = lazy(() => import('./pages/ElectionsPage'));
const ElectionPage = lazy(() => import('./pages/ElectionPage'));
const ModlogPage = lazy(() => import('./pages/ModlogPage'));
const ModerationPage = lazy(() => import('./pages/ModerationPage'));
const CommentLinkPage = lazy(() => import('./pages/CommentLinkPage'));
const SearchPage = lazy(() => import('./pages/SearchPage'));
const NotFound = lazy(() => import('./pages/NotFound'));

/**
 * The forum remote's routes. Rendered inside the shell's BrowserRouter (or the standalone
 * bootstrap's), with absolute paths.
 */
export default function App() {
  return (
    <div className="forum-root" data-testid="remote-forum">
      <ToastProvider>
        <Suspense
          fallback={
            <div data-testid="forum-route-loading">
              <PostListSkeleton count={3} testId="route-skeleton" />
            </div>
          }
        >
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="/communities" element={<CommunitiesPage />} />
            <Route path="/create-community" element={<CreateCommunityPage />} />
            <Route path="/communities/create" element={<CreateCommunityPage />} />
            <Route path="/c/:name" element={<CommunityPage />} />
            <Route path="/c/:name/settings" element={<CommunitySettingsPage />} />
            <Route path="/c/:name/create" element={<CreatePostPage />} />
            <Route path="/c/:name/modlog" element={<CommunityModlogPage />} />
            <Route path="/c/:name/moderation" element={<ModerationPage />} />
            <Route path="/c/:name/elections" element={<ElectionsPage />} />
            <Route path="/c/:name/elections/:id" element={<ElectionPage />} />
            <Route path="/c/:name/comment/:commentId" element={<CommentLinkPage />} />
            <Route path="/modlog" element={<ModlogPage />} />
            <Route path="/post/:id" element={<PostDetailPage />} />
            <Route path="/saved" element={<SavedPage />} />
            <Route path="/u/:username" element={<ProfilePage />} />
            <Route path="/search" element={<SearchPage />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </ToastProvider>
    </div>
  );
}
