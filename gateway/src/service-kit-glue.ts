import type Koa from 'koa';
import type { Middleware } from 'koa';

/**
 * The gateway needs two things service-kit's createApp does not offer as options:
 *  - no body parsing: request bodies are streamed to the services, never buffered here
 *    (@koa/bodyparser skips a context whose `disableBodyParser` is true; app.context is every
 *    context's prototype);
 *  - /api/health must reach svc-forum, but createApp's probe router answers it locally; so the
 *    gateway's middleware goes in just before that router (a Koa router middleware carries a
 *    `router` property) and only lets /health, /ready and /metrics through to it.
 * The gateway's tests cover both, so a change in createApp shows up there.
 */
export function insertBeforeProbes(app: Koa, middleware: Middleware[]): void {
  (app.context as { disableBodyParser?: boolean }).disableBodyParser = true;
  const probes = app.middleware.findIndex((mw) => 'router' in mw);
  if (probes === -1) {
    for (const mw of middleware) app.use(mw);
    return;
  }
  app.middleware.splice(probes, 0, ...middleware);
}
