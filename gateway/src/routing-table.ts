import { expressPath, routes, type RouteContract } from '@forum/contracts';

/**
 * Which service answers which /api path (ARCHITECTURE §2), derived from the route contracts: every
 * public contract route is forwarded unchanged to the service the contract names (the gateway
 * never rewrites paths); `gateway` routes are answered here. Anything else under /api is a 404
 * from the gateway, except the service prefixes below, so a wrong method on a service's path gets
 * that service's own 405.
 */

export type ServiceName = Exclude<RouteContract['service'], 'gateway'>;
/** `gateway` = answered by the gateway itself (composed or generated responses). */
export type RouteTarget = RouteContract['service'];
export type HttpMethod = Uppercase<RouteContract['method']>;

export interface ApiRoute {
  method: HttpMethod;
  /** Full path under /api; `:name` matches one non-empty segment. */
  pattern: string;
  target: RouteTarget;
}

export interface PrefixRoute {
  prefix: string;
  target: ServiceName;
}

export interface ResolvedRoute {
  target: RouteTarget;
  /** The matched pattern (or `prefix/*`), used as the metrics route label. */
  route: string;
}

export const API_ROUTES: readonly ApiRoute[] = routes
  .filter((route) => !route.internal)
  .map((route) => ({
    method: route.method.toUpperCase() as HttpMethod,
    pattern: expressPath(route.path),
    target: route.service,
  }));

/**
 * Each first path segment goes to the service that owns most of its routes (/api/auth: identity,
 * though forum serves the profile lists under it), so a call a service adds under its prefix, or a
 * wrong method, gets that service's own answer. Admin paths route only by their exact rows.
 */
const EXACT_ONLY = new Set(['/api/admin', '/api/health']);

export const PREFIX_ROUTES: readonly PrefixRoute[] = ownedPrefixes(API_ROUTES);

function ownedPrefixes(table: readonly ApiRoute[]): PrefixRoute[] {
  const counts = new Map<string, Map<ServiceName, number>>();
  for (const { pattern, target } of table) {
    const prefix = pattern.split('/').slice(0, 3).join('/');
    if (target === 'gateway' || EXACT_ONLY.has(prefix)) continue;
    const perService = counts.get(prefix) ?? new Map<ServiceName, number>();
    counts.set(prefix, perService.set(target, (perService.get(target) ?? 0) + 1));
  }
  return [...counts].map(([prefix, perService]) => ({
    prefix,
    target: [...perService].sort((a, b) => b[1] - a[1])[0]![0],
  }));
}

/**
 * Processed images: /media/avatars/* belong to identity (it owns avatars), everything else under
 * /media (community logos, post images) to forum. Services store media under these prefixes.
 */
export const MEDIA_ROUTES: readonly PrefixRoute[] = [
  { prefix: '/media/avatars', target: 'identity' },
  { prefix: '/media', target: 'forum' },
];

interface CompiledRoute extends ApiRoute {
  segments: (string | null)[];
  staticCount: number;
}

const COMPILED: CompiledRoute[] = API_ROUTES.map((r) => {
  const segments = r.pattern
    .split('/')
    .slice(1)
    .map((s) => (s.startsWith(':') ? null : s));
  return { ...r, segments, staticCount: segments.filter((s) => s !== null).length };
});

/**
 * The table by method and segment count, most specific first, so a lookup scans a handful of
 * candidates and stops at the first match (instead of every route, keeping the best).
 */
const BY_SHAPE = new Map<string, CompiledRoute[]>();
for (const route of COMPILED) {
  const key = `${route.method} ${route.segments.length}`;
  BY_SHAPE.set(key, [...(BY_SHAPE.get(key) ?? []), route]);
}
for (const list of BY_SHAPE.values()) list.sort((a, b) => b.staticCount - a.staticCount);

const MAYBE_AMBIGUOUS = /[%\\\0]|\/\/|\/\.\.?(?:\/|$)/;

/**
 * A path the gateway refuses to route: dot segments, encoded slashes or backslashes, NUL, empty
 * segments. Services might normalise such a path differently than the gateway matched it.
 */
export function isAmbiguousPath(path: string): boolean {
  // Nearly every path has no '%', backslash, NUL, '//' or dot segment: then nothing below can
  // match, and the per-segment decoding (allocations on the proxy's hot path) is skipped.
  if (!MAYBE_AMBIGUOUS.test(path)) return false;
  if (/%2f|%5c|%00|\\|\0/i.test(path)) return true;
  return path
    .split('/')
    .slice(1)
    .some((segment, index, all) => {
      if (segment === '' && index < all.length - 1) return true;
      const decoded = safeDecode(segment);
      return decoded === undefined || decoded === '.' || decoded === '..';
    });
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The route for an /api request, or undefined for a 404. HEAD is routed like GET. */
export function resolveApiRoute(method: string, rawPath: string): ResolvedRoute | undefined {
  if (isAmbiguousPath(rawPath)) return undefined;
  const path = withoutTrailingSlash(rawPath);
  const wanted = method === 'HEAD' ? 'GET' : method;
  const parts = path.split('/').slice(1);
  const best = BY_SHAPE.get(`${wanted} ${parts.length}`)?.find((candidate) =>
    candidate.segments.every((s, i) => s === null || s === parts[i]),
  );
  if (best) return { target: best.target, route: best.pattern };
  const prefix = matchPrefix(PREFIX_ROUTES, path);
  return prefix ? { target: prefix.target, route: `${prefix.prefix}/*` } : undefined;
}

/** The service that serves a /media path, or undefined when the path is not routable. */
export function resolveMediaService(path: string): ServiceName | undefined {
  if (isAmbiguousPath(path)) return undefined;
  return matchPrefix(MEDIA_ROUTES, path)?.target;
}

function matchPrefix(table: readonly PrefixRoute[], path: string): PrefixRoute | undefined {
  return table.find((r) => path === r.prefix || path.startsWith(`${r.prefix}/`));
}
