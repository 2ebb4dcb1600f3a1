import { ConfigError, createLogger, runService } from '@forum/service-kit';
import { createGatewayApp } from './app.js';
import { loadGatewayConfig } from './config.js';

async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const logger = createLogger({ name: 'gateway', level: config.logLevel });
  const { app, close } = createGatewayApp(config, { logger });
  await runService({
    name: 'gateway',
    app,
    port: config.port,
    host: config.host,
    logger,
    onStop: close,
  });
}

main().catch((err: unknown) => {
  // A bad environment is an operator error: print the list of problems, not a stack trace.
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
