import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SdkProvider, api } from '@forum/sdk';
import { applyTheme, getStoredTheme } from '@forum/ui';
import App from './App';
import { preloadRemotesConfig } from './remotes';

// /theme-init.js already applied it before the first paint; this keeps both in step.
applyTheme(getStoredTheme());
// Start fetching /remotes.json while React renders the header.
preloadRemotesConfig();

/** One cache for the shell and every remote (react-query is a shared singleton). */
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

const root = document.getElementById('root');
if (root) {
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
