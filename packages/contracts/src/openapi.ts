import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { routes as defaultRoutes, type RouteContract } from './http/routes.js';

export interface OpenApiOptions {
  /** Defaults to the public routes of the contracts' route table. */
  routes?: readonly RouteContract[];
  version?: string;
  serverUrl?: string;
}

export function createOpenApiRegistry(routes: readonly RouteContract[]): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  // Shared entities carry `.meta({ id })` in their definitions, which makes them named components.
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  for (const route of routes) {
    registry.registerPath({
      method: route.method,
      path: route.path,
      summary: route.summary,
      tags: [route.service],
      ...(route.auth === 'required' || route.auth === 'admin'
        ? { security: [{ bearerAuth: [] }] }
        : route.auth === 'optional'
          ? { security: [{}, { bearerAuth: [] }] }
          : {}),
      request: {
        ...(route.request?.query ? { query: route.request.query } : {}),
        ...(route.request?.params ? { params: route.request.params } : {}),
        ...(route.request?.body
          ? { body: { content: { 'application/json': { schema: route.request.body } } } }
          : {}),
      },
      responses: Object.fromEntries(
        Object.entries(route.responses).map(([status, r]) => [
          status,
          { description: r.description, content: { 'application/json': { schema: r.schema } } },
        ]),
      ),
    });
  }
  return registry;
}

/** The OpenAPI 3.1 document the gateway serves at /api/docs. */
export function buildOpenApiDocument({
  routes = defaultRoutes.filter((r) => !r.internal),
  version = '0.1.0',
  serverUrl = '/',
}: OpenApiOptions = {}) {
  const generator = new OpenApiGeneratorV31(createOpenApiRegistry(routes).definitions);
  return generator.generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Forum platform API',
      version,
      description: 'Generated from @forum/contracts. Errors are `{ error, details? }`.',
    },
    servers: [{ url: serverUrl }],
  });
}
