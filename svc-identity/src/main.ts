import { ConfigError } from '@forum/service-kit';
import { loadIdentityConfig } from './config.js';
import { startIdentityService } from './server.js';

try {
  await startIdentityService(loadIdentityConfig());
} catch (err) {
  // A bad environment is reported as the list of problems, not a stack trace.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
