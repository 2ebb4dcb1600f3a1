const ALLOWED = new Set(['http:', 'https:', 'mailto:']);

/**
 * The URL a link may point to, or null. The WHATWG parser is the browser's own: it strips leading
 * control characters and spaces, tabs and newlines anywhere, and lowercases the scheme, so what is
 * checked here is what a click would open. Relative and protocol-relative URLs have no scheme of
 * their own and are refused (EXTENSIONS §F: http, https and mailto only).
 */
export function safeHref(href: unknown): string | null {
  if (typeof href !== 'string' || href === '') return null;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  return ALLOWED.has(url.protocol) ? url.href : null;
}

/** What every content link carries (EXTENSIONS §F). */
export const LINK_REL = 'nofollow ugc noopener';
