import type { Context, Middleware } from 'koa';

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
 * Headers that govern a document (what it may load, run, be framed by, open), ignored on the
 * scripts, styles, images and fonts a page loads. A page's JavaScript alone makes 17 requests on a
 * visitor's first visit, each of which carried them (about 470 bytes).
 */
const DOCUMENT_ONLY: ReadonlySet<string> = new Set([
  'content-security-policy',
  'x-frame-options',
  'permissions-policy',
  'cross-origin-opener-policy',
]);

/**
 * Answers that are never a document: scripts, stylesheets, raster images, fonts. Not SVG (opened
 * on its own it is a document that can run scripts), not HTML, JSON or anything unknown. A worker
 * script would take its policy from its own answer: serve workers with the full set.
 */
const SUBRESOURCE =
  /^(?:text\/javascript|application\/javascript|text\/css|image\/(?:png|jpeg|gif|webp|avif|x-icon)|font\/)/;

const OWN_FILE = 'ownFrontEndFile';

/**
 * Marks the answer as one of the front ends' own built files (never user content: uploaded media
 * keep every header as defence in depth): if it is a script, style, raster image or font, it goes
 * without the document-only headers.
 */
export function markOwnFrontEndFile(ctx: Context): void {
  ctx.state[OWN_FILE] = true;
}

const withoutDocumentHeaders = (ctx: Context): boolean =>
  ctx.state[OWN_FILE] === true && SUBRESOURCE.test(ctx.response.type);

/**
 * Sets the headers on every response, including errors and proxied answers (set again after the
 * downstream middleware so an upstream cannot weaken them). The front ends' own scripts, styles,
 * raster images and fonts keep the headers that apply to them (nosniff, Referrer-Policy for a
 * stylesheet's own requests, HSTS) without the document-only ones.
 */
export function securityHeaders(options: SecurityHeaderOptions): Middleware {
  const staticList = securityHeaderList(options.hstsMaxAge);
  return async (ctx, next) => {
    const list = options.devOrigins
      ? securityHeaderList(options.hstsMaxAge, await options.devOrigins())
      : staticList;
    const apply = () => {
      const trimmed = withoutDocumentHeaders(ctx);
      for (const [name, value] of list) {
        if (trimmed && DOCUMENT_ONLY.has(name)) ctx.remove(name);
        else ctx.set(name, value);
      }
    };
    apply();
    try {
      await next();
    } finally {
      apply();
    }
  };
}
