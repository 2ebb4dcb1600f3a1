/**
 * The embedded dev database of one scale-bench size, started on its own (as planInfra starts
 * it for `npm start`) so it can be filled before the services start. Its pid is what the bench
 * reads the resident memory of.
 */
import { devDbArgs } from '../../lib/plan.js';
import { ROOT } from '../../lib/paths.js';
import { freePort } from '../../lib/ports.js';
import { tcpProbe, waitUntil } from '../../lib/ready.js';
import { Supervisor, tailReport } from '../../lib/supervisor.js';

export interface RunningDevDb {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startDevDb(
  dataDir: string,
  write: (line: string) => void,
): Promise<RunningDevDb> {
  const port = await freePort();
  const supervisor = new Supervisor({ write });
  const proc = supervisor.start({
    name: 'devdb',
    command: process.execPath,
    args: devDbArgs(port, dataDir),
    cwd: ROOT,
    env: Object.fromEntries(
      Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined),
    ),
  });
  try {
    await waitUntil(`devdb (127.0.0.1:${port})`, tcpProbe('127.0.0.1', port), {
      timeoutMs: 60_000,
      gaveUp: () => (proc.exit ? `it exited (${proc.exit.signal ?? proc.exit.code})` : undefined),
    });
  } catch (error) {
    await supervisor.stopAll();
    throw new Error(`${(error as Error).message}\n${tailReport(proc)}`);
  }
  return {
    url: `mongodb://127.0.0.1:${port}`,
    pid: proc.child.pid!,
    stop: () => supervisor.stopAll(),
  };
}
