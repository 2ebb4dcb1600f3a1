import { renderApp } from '@forum/sdk/standalone';
import App from './App';
import { preloadRemotesConfig } from './remotes';

// Start fetching /remotes.json while React renders the header.
preloadRemotesConfig();
// One query cache for the shell and every remote (react-query is a shared singleton).
renderApp(App);
