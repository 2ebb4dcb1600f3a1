import { startSystemStack } from '../lib/system-stack.js';

/** One stack for the fuzzer and the security sweep; specs read its URL from HOSTILE_BASE_URL. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.HOSTILE_BASE_URL) return async () => {};
  // Rate limits get their own small-limit stack (security/rate-limits); thousands of fuzzed logins
  // here must reach the handlers, not the limiter. bcrypt's lowest cost: the sweep registers
  // hundreds of users and the fuzzer logs in thousands of times (production: 12 rounds, the
  // default, tested in svc-identity).
  const stack = await startSystemStack({
    label: 'hostile',
    extraEnv: { AUTH_RATE_LIMIT: '100000', BCRYPT_ROUNDS: '4' },
  });
  console.log(`[hostile] stack up at ${stack.gatewayUrl} (logs: ${stack.logFile})`);
  process.env.HOSTILE_BASE_URL = stack.gatewayUrl;
  process.env.HOSTILE_MONGO_URL = stack.mongoUrl;
  process.env.HOSTILE_DB_PREFIX = stack.config.dbPrefix ?? '';
  // The fuzzer's digest asks nats-server whether events are still in flight (lib/fuzz/events-idle).
  process.env.HOSTILE_NATS_MONITOR_URL = `http://127.0.0.1:${stack.config.ports.natsMonitor}`;
  // The security sweep checks that refused uploads leave nothing under <dataDir>/*/media.
  process.env.HOSTILE_DATA_DIR = stack.dataDir;
  return () => stack.stop();
}
