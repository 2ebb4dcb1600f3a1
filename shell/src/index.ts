import { preloadRemoteApp, preloadRemotesConfig } from './remotes';
import { remoteForPath } from './routeTable';

// Before the async boundary, so these requests start with the shared modules' chunks, not after
// React has rendered the shell: /remotes.json, then the remote of the page being opened.
preloadRemotesConfig();
const remote = remoteForPath(window.location.pathname);
if (remote) preloadRemoteApp(remote);

// Async boundary: Module Federation negotiates the shared singletons before bootstrap runs.
void import('./bootstrap');
