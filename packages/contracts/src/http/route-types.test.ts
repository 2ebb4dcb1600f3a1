import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  apiRoutes,
  routeKey,
  routes,
  successStatus,
  type ApiRequest,
  type ApiResponse,
  type ServiceRouteKey,
} from './routes.js';

describe('the route table', () => {
  it('keys every route by METHOD /path, once', () => {
    expect(Object.keys(apiRoutes)).toHaveLength(routes.length);
    for (const route of routes)
      expect(apiRoutes[routeKey(route) as keyof typeof apiRoutes]).toBe(route);
  });

  it('answers creations with 201 and everything else with its 2xx', () => {
    expect(successStatus(apiRoutes['POST /api/communities'])).toBe(201);
    expect(successStatus(apiRoutes['GET /api/posts'])).toBe(200);
  });

  it('types requests and responses from the schemas', () => {
    expectTypeOf<ApiRequest<'GET /api/posts/{id}'>>().toEqualTypeOf<{ params: { id: string } }>();
    expectTypeOf<ApiResponse<'GET /api/posts/{id}'>['post']['id']>().toEqualTypeOf<string>();
    expectTypeOf<ApiRequest<'POST /api/posts/{id}/vote'>['body']>().toExtend<
      { vote_type: 1 | -1 } | FormData
    >();
    expectTypeOf<'POST /api/comments'>().toExtend<ServiceRouteKey<'forum'>>();
    expectTypeOf<'GET /api/notifications'>().not.toExtend<ServiceRouteKey<'forum'>>();
  });
});
