export { createStreamApp, SERVICE_NAME, type StreamAppDeps, type StreamApp } from './app.js';
export { streamConfigSchema, loadStreamConfig, type StreamConfig } from './config.js';
export { startStreamService, type RunningStream, type StartOptions } from './server.js';
