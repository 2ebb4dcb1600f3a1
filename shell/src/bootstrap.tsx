import { renderApp } from '@forum/sdk/standalone';
import App from './App';
// One query cache for the shell and every remote (react-query is a shared singleton).
renderApp(App);
