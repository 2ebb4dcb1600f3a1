import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestNats {
  url: string;
  port: number;
  /** Kill the server and remove its storage. */
  stop(): Promise<void>;
  /** Kill and start again on the same port with the same storage (durability tests). */
  restart(): Promise<void>;
  /** Kill the server but keep the storage, for "NATS is down" tests; call start() to resume. */
  kill(): Promise<void>;
  start(): Promise<void>;
}

const CANDIDATES = [
  process.env.NATS_SERVER_BIN,
  '/usr/sbin/nats-server',
  '/usr/bin/nats-server',
  '/usr/local/bin/nats-server',
];

export function findNatsServer(): string {
  for (const c of CANDIDATES) if (c && existsSync(c)) return c;
  return 'nats-server'; // rely on PATH
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nats-server exited with code ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const sock = connect(port, '127.0.0.1');
      sock.once('connect', () => {
        sock.destroy();
        resolve(true);
      });
      sock.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nats-server did not listen on ${port} within ${timeoutMs} ms`);
}

/** A real nats-server with JetStream on a random port and a temporary storage dir. */
export async function startNats(): Promise<TestNats> {
  const bin = findNatsServer();
  const port = await freePort();
  const storeDir = await mkdtemp(join(tmpdir(), 'nats-test-'));
  let child: ChildProcess | undefined;

  const start = async () => {
    const proc = spawn(bin, ['-js', '-p', String(port), '-a', '127.0.0.1', '-sd', storeDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    proc.stderr?.resume();
    child = proc;
    await waitForPort(port, proc);
  };
  const kill = async () => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
  };

  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    start,
    kill,
    async restart() {
      await kill();
      await start();
    },
    async stop() {
      await kill();
      await rm(storeDir, { recursive: true, force: true });
    },
  };
}
