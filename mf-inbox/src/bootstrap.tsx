import { renderApp } from '@forum/sdk/standalone';
import App from './App';

// Standalone page for the inbox team: the same App the shell loads, with its own providers.
renderApp(App);
