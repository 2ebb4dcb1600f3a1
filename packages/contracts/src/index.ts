// @forum/contracts: the one source of truth for HTTP and event shapes.
export * from './http/index.js';
export * from './events/index.js';
export { buildOpenApiDocument, createOpenApiRegistry, type OpenApiOptions } from './openapi.js';
