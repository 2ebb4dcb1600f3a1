export { createIdentityApp, SERVICE_NAME, type IdentityAppDeps } from './app.js';
export { identityConfigSchema, loadIdentityConfig, type IdentityConfig } from './config.js';
export { startIdentityService, type RunningIdentity } from './server.js';
export { loadSigningKeys, type SigningKeys } from './keys/signing-keys.js';
export { createIdentityModels, type IdentityModels } from './models/index.js';
export type { IdentityDeps } from './deps.js';
