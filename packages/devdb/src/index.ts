export { start } from './server.js';
export type { DevDb, Logger, StartOptions } from './server.js';
