import type { Middleware } from 'koa';

export interface SecurityHeaderOptions {
  /** HSTS max-age in seconds; 0 leaves the header out (plain-HTTP development). */
  hstsMaxAge: number;
  /** Extra origins (dev servers) allowed to serve scripts, styles, images, fonts and sockets. */
  devOrigins?: () => Promise<string[]>;
}

/**
 * Tokens live in local storage, so script injection is the whole game: scripts only from this
 * origin, never inline, no plugins, no framing. Inline styles stay allowed (React style props).
 */
export function contentSecurityPolicy(devOrigins: string[] = []): string {
  const extra = devOrigins.length ? ` ${devOrigins.join(' ')}` : '';
  // rsbuild's dev servers push hot updates over a websocket on the same host and port.
  const sockets = devOrigins.map((o) => o.replace(/^http/, 'ws')).join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', `'self'${extra}`],
    ['style-src', `'self' 'unsafe-inline'${extra}`],
    ['img-src', `'self' data: blob:${extra}`],
    ['connect-src', `'self'${extra}${sockets ? ` ${sockets}` : ''}`],
    ['font-src', `'self'${extra}`],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

const STATIC_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy':
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * The production header set, computed once: [lower-case name, value] pairs (the proxy fast path
 * writes them as they are; the Koa middleware sets them by the same names).
 */
export function securityHeaderList(
  hstsMaxAge: number,
  devOrigins: string[] = [],
): [string, string][] {
  const list: [string, string][] = [['content-security-policy', contentSecurityPolicy(devOrigins)]];
  for (const [name, value] of Object.entries(STATIC_HEADERS))
    list.push([name.toLowerCase(), value]);
  if (hstsMaxAge > 0) {
    list.push(['strict-transport-security', `max-age=${hstsMaxAge}; includeSubDomains`]);
  }
  return list;
}

/**
 * Sets the headers on every response, including errors and proxied answers (set again after the
 * downstream middleware so an upstream cannot weaken them).
 */
export function securityHeaders(options: SecurityHeaderOptions): Middleware {
  const staticList = securityHeaderList(options.hstsMaxAge);
  return async (ctx, next) => {
    const list = options.devOrigins
      ? securityHeaderList(options.hstsMaxAge, await options.devOrigins())
      : staticList;
    const apply = () => {
      for (const [name, value] of list) ctx.set(name, value);
    };
    apply();
    try {
      await next();
    } finally {
      apply();
    }
  };
}
