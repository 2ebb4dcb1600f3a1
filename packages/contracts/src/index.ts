// @forum/contracts: the one source of truth for HTTP and event shapes.
export * from './http/index.js';
export * from './events/index.js';
// The OpenAPI builder is a separate entry, '@forum/contracts/openapi', so browser bundles that
// import the contracts never pull in @asteasolutions/zod-to-openapi.
