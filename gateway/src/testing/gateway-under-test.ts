import { createLogger } from '@forum/service-kit';
import { serve, type ServedApp } from '@forum/service-kit/testing';
import { createGatewayApp, type GatewayDeps } from '../app.js';
import { loadGatewayConfig, type GatewayConfig } from '../config.js';

export interface GatewayUnderTest extends ServedApp {
  config: GatewayConfig;
}

/**
 * The gateway on a random port, configured from env-style variables exactly as main.ts does
 * (unset services point at closed ports so nothing reaches a real local stack by accident).
 */
export async function startGateway(
  env: Record<string, string | undefined>,
  deps: GatewayDeps = {},
): Promise<GatewayUnderTest> {
  const config = loadGatewayConfig({
    IDENTITY_URL: 'http://127.0.0.1:9',
    FORUM_URL: 'http://127.0.0.1:9',
    MESSAGING_URL: 'http://127.0.0.1:9',
    STREAM_URL: 'http://127.0.0.1:9',
    ...env,
  });
  const logger = createLogger({ name: 'gateway', level: 'silent' });
  const { app, close } = createGatewayApp(config, { logger, ...deps });
  const served = await serve(app);
  return {
    ...served,
    config,
    close: async () => {
      await served.close();
      await close();
    },
  };
}
