export { createMessagingApp, SERVICE_NAME, type MessagingAppDeps } from './app.js';
export { messagingConfigSchema, loadMessagingConfig, type MessagingConfig } from './config.js';
export { startMessagingService, type RunningMessaging, type StartOptions } from './server.js';
export {
  createMessagingModels,
  initMessagingModels,
  type MessagingModels,
} from './models/index.js';
export { DIRECTORY_DURABLE } from './events/streams.js';
