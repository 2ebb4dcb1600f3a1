import { ConfigError } from '@forum/service-kit';
import { loadForumConfig } from './config.js';
import { startForumService } from './server.js';

try {
  await startForumService(loadForumConfig());
} catch (err) {
  // A bad environment is reported as the list of problems, not a stack trace.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
