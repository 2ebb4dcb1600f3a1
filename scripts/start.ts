/**
 * `npm start`: builds what changed, publishes the remotes, starts the dev DB, nats-server, the
 * three services and the gateway, and stops them all on Ctrl-C.
 * `npm run dev`: services and gateway under tsx watch, plus the four rsbuild dev servers.
 *
 * Environment: PORT (gateway), IDENTITY_PORT, FORUM_PORT, MESSAGING_PORT, DB_PORT, NATS_PORT,
 * NATS_MONITOR_PORT, DATA_DIR (default ./.data), MONGO_URL (use a real MongoDB instead of the dev
 * DB), NATS_SERVER_BIN, LOG_LEVEL, READY_TIMEOUT_MS.
 */
import { StackError, startStack, type Stack } from './lib/stack.js';
import { ConfigProblem } from './lib/plan.js';

async function main(): Promise<void> {
  const dev = process.argv.includes('--dev');
  // Filled in once start-up finished; the signal handlers read it.
  const state: { stack?: Stack } = {};
  let stopping: Promise<void> | undefined;
  const shutdown = (code: number) => {
    if (!stopping) {
      stopping = (async () => {
        if (state.stack) {
          console.log('\nStopping…');
          await state.stack.stop();
        }
        process.exit(code);
      })();
    }
    return stopping;
  };
  const interrupt = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      // During start-up startStack sees the abort, stops what it started and rejects.
      interrupt.abort();
      if (state.stack) void shutdown(0);
    });
  }

  const stack = await startStack({
    dev,
    signal: interrupt.signal,
    readyTimeoutMs: Number(process.env.READY_TIMEOUT_MS ?? 90_000),
    onCrash: (error) => {
      console.error(`\n${error.message}`);
      void shutdown(1);
    },
  });
  state.stack = stack;
  if (interrupt.signal.aborted) return void shutdown(0);
  const gatewayUrl = `http://localhost:${stack.config.ports.gateway}`;
  console.log('');
  if (stack.shellDevUrl) {
    // In dev the shell and remotes come from the rsbuild dev servers (hot reload); the gateway
    // only answers /api and /media behind them.
    console.log(`Forum is running at ${stack.shellDevUrl} (dev servers with hot reload)`);
    console.log(`API gateway at ${gatewayUrl}`);
  } else {
    console.log(`Forum is running at ${gatewayUrl}`);
  }
  console.log('Press Ctrl-C to stop.');
}

main().catch((error: unknown) => {
  if (error instanceof StackError || error instanceof ConfigProblem) {
    console.error(`\n${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
