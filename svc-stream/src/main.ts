import { ConfigError } from '@forum/service-kit';
import { loadStreamConfig } from './config.js';
import { startStreamService } from './server.js';

try {
  await startStreamService(loadStreamConfig());
} catch (err) {
  // A bad environment is reported as the list of problems, not a stack trace.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
