import type { z } from 'zod';
import type { ApiRoutes, RouteSuccessSchema } from '@forum/contracts';
import type { BrowserRouteKey } from './call';
import type { ResponseSchema } from './client';

/** The success schema of every route a browser calls (call.ts, BrowserRouteKey). */
export type SuccessSchemaTable = { [K in BrowserRouteKey]: RouteSuccessSchema<ApiRoutes[K]> };

/**
 * The response schemas, one lazy chunk per area (zod itself is a chunk they share), so a page
 * downloads the schemas of the calls it makes and a route added to one area does not grow the
 * others' pages: a visitor's home loads only the posts area. Only the response schemas are
 * bundled, not the route table: its summaries and request schemas would add ~4 KB gzip.
 */
export const schemaAreas = {
  posts: () => import('./schemas/posts'),
  comments: () => import('./schemas/comments'),
  communities: () => import('./schemas/communities'),
  account: () => import('./schemas/account'),
  notifications: () => import('./schemas/notifications'),
  messages: () => import('./schemas/messages'),
  moderation: () => import('./schemas/moderation'),
  elections: () => import('./schemas/elections'),
  search: () => import('./schemas/search'),
  settings: () => import('./schemas/settings'),
  admin: () => import('./schemas/admin'),
};

export type SchemaArea = keyof typeof schemaAreas;
type AreaKeys<A extends SchemaArea> = keyof Awaited<ReturnType<(typeof schemaAreas)[A]>>['schemas'];
/** The areas whose module holds route K's schema (never when none does: the line below fails). */
type AreaOf<K extends BrowserRouteKey> = {
  [A in SchemaArea]: K extends AreaKeys<A> ? A : never;
}[SchemaArea];

/**
 * Where each browser route's success schema lives: the compiler asks for a new route's line here
 * and for its schema in that area's module (schemas/<area>.ts), checked against the route's
 * contract; api.test.ts checks that it is the very schema of the route table.
 */
export const successSchemaArea: { [K in BrowserRouteKey]: AreaOf<K> } = {
  'POST /api/posts': 'posts',
  'GET /api/posts': 'posts',
  'GET /api/posts/saved/my': 'posts',
  'GET /api/posts/{id}': 'posts',
  'PUT /api/posts/{id}': 'posts',
  'DELETE /api/posts/{id}': 'posts',
  'POST /api/posts/{id}/vote': 'posts',
  'GET /api/posts/{id}/vote': 'posts',
  'GET /api/posts/{id}/reactions': 'posts',
  'POST /api/posts/{id}/reactions': 'posts',
  'DELETE /api/posts/{id}/reactions': 'posts',
  'POST /api/posts/{id}/save': 'posts',
  'DELETE /api/posts/{id}/save': 'posts',
  'GET /api/posts/{id}/saved': 'posts',
  'GET /api/post-subscriptions/{postId}/status': 'posts',
  'POST /api/post-subscriptions/{postId}': 'posts',
  'DELETE /api/post-subscriptions/{postId}': 'posts',
  'GET /api/auth/me/posts': 'posts',
  'GET /api/auth/user/{username}/posts': 'posts',
  'POST /api/comments': 'comments',
  'GET /api/comments/post/{postId}': 'comments',
  'GET /api/posts/{id}/comments': 'comments',
  'GET /api/comments/saved/my': 'comments',
  'GET /api/comments/{id}': 'comments',
  'PUT /api/comments/{id}': 'comments',
  'DELETE /api/comments/{id}': 'comments',
  'POST /api/comments/{id}/vote': 'comments',
  'GET /api/comments/{id}/vote': 'comments',
  'GET /api/comments/{id}/replies': 'comments',
  'POST /api/comments/{id}/save': 'comments',
  'DELETE /api/comments/{id}/save': 'comments',
  'GET /api/comments/{id}/saved': 'comments',
  'GET /api/auth/me/comments': 'comments',
  'GET /api/auth/user/{username}/comments': 'comments',
  'POST /api/communities': 'communities',
  'GET /api/communities': 'communities',
  'GET /api/communities/my': 'communities',
  'GET /api/communities/id/{id}': 'communities',
  'GET /api/communities/name/{name}': 'communities',
  'POST /api/communities/{id}/join': 'communities',
  'POST /api/communities/{id}/leave': 'communities',
  'PUT /api/communities/{id}': 'communities',
  'DELETE /api/communities/{id}': 'communities',
  'GET /api/communities/{id}/membership': 'communities',
  'GET /api/communities/{id}/members': 'communities',
  'POST /api/communities/{id}/logo': 'communities',
  'DELETE /api/communities/{id}/logo': 'communities',
  'POST /api/auth/register': 'account',
  'POST /api/auth/login': 'account',
  'POST /api/auth/refresh': 'account',
  'POST /api/auth/logout': 'account',
  'POST /api/auth/forgot-password': 'account',
  'POST /api/auth/reset-password': 'account',
  'GET /api/auth/me': 'account',
  'GET /api/auth/user/{username}': 'account',
  'POST /api/auth/avatar': 'account',
  'DELETE /api/auth/avatar': 'account',
  'GET /api/auth/referral-code': 'account',
  'GET /api/auth/referral-stats': 'account',
  'GET /api/badges/user/{userId}': 'account',
  'GET /api/notifications': 'notifications',
  'GET /api/notifications/unread-count': 'notifications',
  'PUT /api/notifications/{id}/read': 'notifications',
  'PUT /api/notifications/mark-all-read': 'notifications',
  'GET /api/messages/conversations': 'messages',
  'POST /api/messages/conversations': 'messages',
  'GET /api/messages/conversations/{id}': 'messages',
  'POST /api/messages/conversations/{id}/messages': 'messages',
  'PUT /api/messages/messages/{id}/read': 'messages',
  'GET /api/messages/unread-count': 'messages',
  'GET /api/communities/{id}/moderators': 'moderation',
  'POST /api/communities/{id}/moderators': 'moderation',
  'DELETE /api/communities/{id}/moderators/{userId}': 'moderation',
  'POST /api/communities/{id}/owner': 'moderation',
  'POST /api/posts/{id}/remove': 'moderation',
  'POST /api/posts/{id}/restore': 'moderation',
  'POST /api/posts/{id}/lock': 'moderation',
  'POST /api/posts/{id}/unlock': 'moderation',
  'POST /api/posts/{id}/pin': 'moderation',
  'POST /api/posts/{id}/unpin': 'moderation',
  'POST /api/comments/{id}/remove': 'moderation',
  'POST /api/comments/{id}/restore': 'moderation',
  'POST /api/communities/{id}/bans': 'moderation',
  'DELETE /api/communities/{id}/bans/{userId}': 'moderation',
  'GET /api/communities/{id}/bans': 'moderation',
  'GET /api/communities/{id}/modlog': 'moderation',
  'GET /api/modlog': 'moderation',
  'POST /api/posts/{id}/report': 'moderation',
  'POST /api/comments/{id}/report': 'moderation',
  'POST /api/messages/messages/{id}/report': 'moderation',
  'GET /api/communities/{id}/reports': 'moderation',
  'POST /api/reports/{id}/resolve': 'moderation',
  'GET /api/admin/reports': 'moderation',
  'POST /api/appeals': 'moderation',
  'GET /api/communities/{id}/appeals': 'moderation',
  'POST /api/appeals/{id}/decide': 'moderation',
  'POST /api/communities/{id}/elections': 'elections',
  'GET /api/communities/{id}/elections': 'elections',
  'GET /api/elections/{id}': 'elections',
  'POST /api/elections/{id}/candidates': 'elections',
  'DELETE /api/elections/{id}/candidates/me': 'elections',
  'PUT /api/elections/{id}/ballot': 'elections',
  'GET /api/elections/{id}/ballot': 'elections',
  'GET /api/search/posts': 'search',
  'GET /api/search/comments': 'search',
  'GET /api/search/communities': 'search',
  'GET /api/search/users': 'search',
  'PUT /api/auth/password': 'settings',
  'PUT /api/auth/email': 'settings',
  'POST /api/auth/verify-email': 'settings',
  'POST /api/auth/verify-email/resend': 'settings',
  'GET /api/blocks': 'settings',
  'PUT /api/blocks/{username}': 'settings',
  'DELETE /api/blocks/{username}': 'settings',
  'GET /api/notifications/preferences': 'settings',
  'PUT /api/notifications/preferences': 'settings',
  'GET /api/auth/me/export': 'settings',
  'DELETE /api/auth/me': 'settings',
  'GET /api/admin/stats': 'admin',
  'GET /api/admin/users': 'admin',
  'PATCH /api/admin/users/{id}': 'admin',
  'GET /api/admin/daily-user-stats': 'admin',
  'GET /api/admin/communities': 'admin',
};

/**
 * Routes a first screen calls (a visitor's home: the post list). Their answers are parsed by
 * parsers generated ahead of time from these very schemas with zod's compiler
 * (parsers.generated.ts, `npm run generate:parsers -w @forum/sdk`): a valid answer needs neither
 * zod (~25 KB gzip) nor the schemas; one the parser refuses is parsed again by its schema, loaded
 * then, which answers as it always does (the issues, or the value where the compiled check was
 * stricter than the schema).
 */
export const PRECOMPILED_ROUTES = ['GET /api/posts'] as const satisfies readonly BrowserRouteKey[];
type PrecompiledRoute = (typeof PRECOMPILED_ROUTES)[number];
const isPrecompiled = (key: BrowserRouteKey): key is PrecompiledRoute =>
  (PRECOMPILED_ROUTES as readonly string[]).includes(key);

/** Route `key`'s success schema, loading its area's chunk (and zod) on the first call. */
async function loadZodSchema(key: BrowserRouteKey): Promise<z.ZodType> {
  const { schemas } = await schemaAreas[successSchemaArea[key]]();
  const schema = (schemas as Partial<Record<BrowserRouteKey, z.ZodType>>)[key];
  if (!schema) throw new Error(`No success schema for ${key}`);
  return schema;
}

/** What a call's answer is parsed with: a zod schema, or the generated parser of a first screen. */
export async function loadSuccessSchema(key: BrowserRouteKey): Promise<ResponseSchema> {
  if (!isPrecompiled(key)) return loadZodSchema(key);
  const { parsers, INVALID } = await import('./parsers.generated');
  const parse: (input: unknown) => unknown = parsers[key];
  return {
    safeParse(input) {
      const data = parse(input);
      if (data !== INVALID) return { success: true, data };
      return loadZodSchema(key).then((schema) => schema.safeParse(input));
    },
  };
}
