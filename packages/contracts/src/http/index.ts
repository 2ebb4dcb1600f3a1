export * from './common.js';
export * from './health.js';
export * from './users.js';
export * from './communities.js';
export * from './posts.js';
export * from './stats.js';
export * from './jwks.js';
export * from './routes.js';
