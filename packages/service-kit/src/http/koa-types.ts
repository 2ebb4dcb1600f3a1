import type { Logger } from 'pino';

/** The authenticated caller, set on ctx.state.user by the auth middleware. */
export interface AuthUser {
  id: string;
  username: string;
  isAdmin: boolean;
}

// Every service's context carries these; declaring them once keeps routes free of casts.
declare module 'koa' {
  interface DefaultContext {
    /** Child logger bound to this request's id. */
    log: Logger;
    requestId: string;
  }
  interface DefaultState {
    user?: AuthUser;
  }
}
