import type { z } from 'zod';
import { ErrorBody } from './common.js';
import { HealthResponse } from './health.js';
import { ListPostsQuery, ListPostsResponse } from './posts.js';
import { AdminStats, ForumStats, IdentityStats } from './stats.js';
import { JwksResponse } from './jwks.js';

export type ServiceName = 'gateway' | 'identity' | 'forum' | 'messaging';
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteResponse {
  description: string;
  schema: z.ZodType;
}

/**
 * One API operation. `path` uses OpenAPI's {param} syntax. Internal routes are service-to-service
 * only: the gateway never exposes them and the public OpenAPI document leaves them out.
 */
export interface RouteContract {
  method: HttpMethod;
  path: string;
  service: ServiceName;
  summary: string;
  auth: 'none' | 'optional' | 'required' | 'admin';
  internal?: boolean;
  request?: { query?: z.ZodObject; params?: z.ZodObject; body?: z.ZodType };
  responses: Record<number, RouteResponse>;
}

const error = (description: string): RouteResponse => ({ description, schema: ErrorBody });

/** The operations defined so far; later issues append theirs. */
export const routes: RouteContract[] = [
  {
    method: 'get',
    path: '/api/health',
    service: 'gateway',
    summary: 'Liveness of the service answering',
    auth: 'none',
    responses: { 200: { description: 'Alive', schema: HealthResponse } },
  },
  {
    method: 'get',
    path: '/api/posts',
    service: 'forum',
    summary: 'List posts, optionally by community or author, sorted hot, new or top',
    auth: 'optional',
    request: { query: ListPostsQuery },
    responses: {
      200: { description: 'A page of posts', schema: ListPostsResponse },
      400: error('Invalid query'),
    },
  },
  {
    method: 'get',
    path: '/api/admin/stats',
    service: 'gateway',
    summary: 'Platform totals (admin only)',
    auth: 'admin',
    responses: {
      200: { description: 'Totals', schema: AdminStats },
      401: error('Not signed in'),
      403: error('Not the admin'),
    },
  },
  {
    method: 'get',
    path: '/.well-known/jwks.json',
    service: 'identity',
    summary: 'Public keys that verify access tokens',
    auth: 'none',
    internal: true,
    responses: { 200: { description: 'JSON Web Key Set', schema: JwksResponse } },
  },
  {
    method: 'get',
    path: '/internal/stats',
    service: 'identity',
    summary: 'User totals for the admin dashboard',
    auth: 'none',
    internal: true,
    responses: { 200: { description: 'Totals', schema: IdentityStats } },
  },
  {
    method: 'get',
    path: '/internal/stats',
    service: 'forum',
    summary: 'Community, post and comment totals for the admin dashboard',
    auth: 'none',
    internal: true,
    responses: { 200: { description: 'Totals', schema: ForumStats } },
  },
];
