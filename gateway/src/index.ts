export { createGatewayApp, type GatewayApp, type GatewayDeps } from './app.js';
export { loadGatewayConfig, gatewayConfigSchema, type GatewayConfig } from './config.js';
export {
  API_ROUTES,
  PREFIX_ROUTES,
  MEDIA_ROUTES,
  resolveApiRoute,
  resolveMediaService,
  type ServiceName,
  type RouteTarget,
} from './routing-table.js';
