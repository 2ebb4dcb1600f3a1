import type { z } from 'zod';
import { ErrorBody } from './common.js';

export type ServiceName = 'gateway' | 'identity' | 'forum' | 'messaging' | 'stream';
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type RouteAuth = 'none' | 'optional' | 'required' | 'admin';

export interface RouteResponse {
  description: string;
  schema: z.ZodType;
}

/**
 * One API operation. `path` uses OpenAPI's {param} syntax. Internal routes are service-to-service
 * only: the gateway never exposes them and the public OpenAPI document leaves them out.
 * This table is the one source of routes: the gateway routes from it, each service serves exactly
 * its entries (service-kit's serveRoutes), the SDK types its calls with it, and OpenAPI, the
 * fuzzer and the IDOR sweep read it.
 */
export interface RouteContract {
  method: HttpMethod;
  path: string;
  service: ServiceName;
  summary: string;
  auth: RouteAuth;
  internal?: boolean;
  /** Answered by service-kit's probe router in every service, not by a route handler. */
  probe?: boolean;
  /**
   * Answers a Server-Sent Events stream (EXTENSIONS §L) that stays open: browsers read it with
   * fetch streaming (the SDK's live client), not with the JSON call; tests read its headers first.
   */
  eventStream?: boolean;
  request?: { query?: z.ZodObject; params?: z.ZodObject; body?: z.ZodType };
  responses: Readonly<Record<number, RouteResponse>>;
}

export const errorResponse = (description: string): RouteResponse => ({
  description,
  schema: ErrorBody,
});

/**
 * A route's name: `GET /api/posts/{id}` (what the SDK calls and services key handlers by).
 * Internal routes share paths across services, so their name carries the service:
 * `GET forum:/internal/stats`.
 */
export type RouteKey<R extends Pick<RouteContract, 'method' | 'path' | 'service' | 'internal'>> =
  R extends { internal: true }
    ? `${Uppercase<R['method']>} ${R['service']}:${R['path']}`
    : `${Uppercase<R['method']>} ${R['path']}`;

export const routeKey = <R extends RouteContract>(route: R) =>
  (route.internal
    ? `${route.method.toUpperCase()} ${route.service}:${route.path}`
    : `${route.method.toUpperCase()} ${route.path}`) as RouteKey<R>;

/** A helper per service that keeps each entry's literal types (paths, auth, schemas). */
export const routesFor =
  <S extends ServiceName>(service: S) =>
  <const R extends Omit<RouteContract, 'service'>>(route: R): R & { service: S } => ({
    ...route,
    service,
  });

export type RouteTable<T extends readonly RouteContract[]> = {
  [R in T[number] as RouteKey<R>]: R;
};

/** The list keyed by RouteKey; a key given twice is a programming error caught at import. */
export function routeTable<const T extends readonly RouteContract[]>(list: T): RouteTable<T> {
  const table: Record<string, RouteContract> = {};
  for (const route of list) {
    const key = routeKey(route);
    if (table[key]) throw new Error(`Route ${key} is declared twice`);
    table[key] = route;
  }
  return table as RouteTable<T>;
}

// ---- Types derived from one entry ----

type Part<R, P extends 'params' | 'query' | 'body'> = R extends {
  request: { [K in P]: infer S extends z.ZodType };
}
  ? S
  : never;
type Has<S> = [S] extends [never] ? false : true;

/** What a caller sends: path params, query and body, each present only where the route has it. */
export type RouteRequest<R> = (Has<Part<R, 'params'>> extends true
  ? { params: z.input<Part<R, 'params'>> }
  : unknown) &
  (Has<Part<R, 'query'>> extends true ? { query?: z.input<Part<R, 'query'>> } : unknown) &
  (Has<Part<R, 'body'>> extends true ? { body: z.input<Part<R, 'body'>> | FormData } : unknown);

/** What a handler receives after validation: the parsed parts the route declares. */
export type RouteParsedRequest<R> = (Has<Part<R, 'params'>> extends true
  ? { params: z.output<Part<R, 'params'>> }
  : unknown) &
  (Has<Part<R, 'query'>> extends true ? { query: z.output<Part<R, 'query'>> } : unknown) &
  (Has<Part<R, 'body'>> extends true ? { body: z.output<Part<R, 'body'>> } : unknown);

type SuccessCode = 200 | 201 | 202 | 204;
/** The schema of the route's success answer (its 2xx entry). */
export type RouteSuccessSchema<R> = R extends { responses: infer Rs }
  ? {
      [C in keyof Rs & SuccessCode]: Rs[C] extends { schema: infer S extends z.ZodType }
        ? S
        : never;
    }[keyof Rs & SuccessCode]
  : never;
/** The success body as a client receives it (parsed). */
export type RouteResponseBody<R> = z.output<RouteSuccessSchema<R>>;
/** The success body as a handler must produce it. */
export type RouteResponseInput<R> = z.input<RouteSuccessSchema<R>>;

/** The success status of a route: its lowest 2xx response code (201 for creations). */
export function successStatus(route: RouteContract): number {
  const codes = Object.keys(route.responses)
    .map(Number)
    .filter((code) => code >= 200 && code < 300);
  if (codes.length === 0) throw new Error(`Route ${routeKey(route)} declares no 2xx response`);
  return Math.min(...codes);
}

/** The schema of a route's success answer (what a client parses the response with). */
export const successSchema = (route: RouteContract): z.ZodType =>
  (route.responses[successStatus(route)] as RouteResponse).schema;

/** Koa/path-to-regexp form of a contract path: {id} -> :id. */
export const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
