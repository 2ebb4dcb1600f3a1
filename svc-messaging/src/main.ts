import { ConfigError } from '@forum/service-kit';
import { loadMessagingConfig } from './config.js';
import { startMessagingService } from './server.js';

try {
  await startMessagingService(loadMessagingConfig());
} catch (err) {
  // A bad environment is reported as the list of problems, not a stack trace.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
