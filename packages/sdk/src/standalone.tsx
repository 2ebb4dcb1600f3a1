import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { applyTheme, getStoredTheme } from '@forum/ui';
// The package's own name, not './index': the apps share @forum/sdk as a Module Federation
// singleton, and only this request resolves to that one instance (one session for all apps).
import { SdkProvider, api } from '@forum/sdk';

/** The query defaults of every app; in the shell its cache also serves the remotes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

/**
 * Renders `App` into #root with the providers every app needs: the stored theme (the shell's
 * /before-paint.js applied it before the first paint; this keeps both in step), the query cache,
 * the shared Api and the router. The shell calls it, and each remote for its standalone page.
 */
export function renderApp(App: ComponentType): void {
  applyTheme(getStoredTheme());
  const root = document.getElementById('root');
  if (!root) return;
  const queryClient = createQueryClient();
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SdkProvider api={api}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </SdkProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
